import type { Page } from '@playwright/test';
import { apiWithToken, expect, signInWithPhone, test, uniquePhone } from './fixtures';

/**
 * The emulator's chat is a plain page without scripts: the bot's answer is there once the shop has
 * sent it, which may be a moment after the press. Reload until it is.
 */
async function expectBotSaid(chat: Page, text: RegExp): Promise<void> {
  const message = chat.locator('.msg.bot', { hasText: text });
  await expect(async () => {
    if (!(await message.isVisible())) await chat.reload();
    await expect(message).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * A client who has just signed up confirms the phone through the bot instead of the SMS code: the
 * built-in emulator's chat opens in a new tab, the client (played by the test) presses «Запустить»
 * and shares their own number, and the activation page opens the cabinet by itself.
 */
test('a new client confirms the account through the emulated Telegram bot', async ({ page }) => {
  const phone = uniquePhone('7927');
  const password = 'client-pass-2026';
  const signUp = await page.request.post('/api/auth/signup', {
    data: { phone, password, name: 'Тарас', surname: 'Контактов', acceptPolicy: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const api = apiWithToken(page.request, ((await signUp.json()) as { accessToken: string }).accessToken);

  await signInWithPhone(page, phone, password, '/personal/activation');
  await expect(page.getByRole('heading', { level: 1, name: 'Активация аккаунта' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Или подтвердите через Telegram' })).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Подтвердить через Telegram' }).click();
  const chat = await popupOpened;
  await expect(chat.getByText('Эмулятор Telegram')).toBeVisible();
  // The page waits for the number and offers the link again in case the tab was blocked.
  await expect(page.getByTestId('telegram-activation-waiting')).toContainText('Поделиться номером');

  await chat.getByRole('button', { name: 'Запустить' }).click();
  // The chat is linked; the account is not confirmed yet, so the bot asks for the number.
  await expectBotSaid(chat, /Аккаунт ещё не подтверждён/);

  // The bot's «Поделиться номером» keyboard holds the contact form; without it the same form is
  // «Отправить свой контакт» under «Другие действия». Either way it is the one field of this label.
  const number = chat.getByLabel('Ваш номер телефона');
  if (!(await number.isVisible())) await chat.locator('summary', { hasText: 'Другие действия' }).click();
  await number.fill(phone);
  await chat.locator('form', { has: number }).getByRole('button').click();
  await expectBotSaid(chat, /аккаунт активирован/);

  // The activation page learns it by itself and opens the cabinet.
  await expect(page.getByText('Аккаунт подтверждён', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/personal$/, { timeout: 10_000 });
  expect((await api<{ isConfirmedAccount: boolean }>('GET', '/users/my')).isConfirmedAccount).toBe(true);
});
