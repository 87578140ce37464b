import { apiAs, expect, signInAs, signInWithPhone, signUpClient, test } from './fixtures';

/** An 8×8 red PNG: a real picture, as the server checks uploads by their content. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP8z4APMOGVHbHSAEEsAROxCnMTAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * A client links Telegram from the profile: the built-in emulator's chat opens in a new tab, the
 * client (played by the test) presses «Запустить», and the profile says «Telegram подключён».
 */
test('a client links Telegram from the profile through the emulated bot', async ({ page }) => {
  const client = await signUpClient(page, { name: 'Тамара', surname: 'Телеграмова' });
  await signInWithPhone(page, client.phone, client.password, '/personal/profile');

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Подключить Telegram' }).click();
  const chat = await popupOpened;
  await expect(chat.getByText('Эмулятор Telegram')).toBeVisible();
  await chat.getByRole('button', { name: 'Запустить' }).click();
  await expect(chat.getByText(/Telegram подключён к аккаунту/)).toBeVisible();
  await expect(chat.getByText('Тамара Телеграмова', { exact: false })).toBeVisible();
  await chat.close();

  await expect(page.getByText('Telegram подключён', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Отключить' })).toBeVisible();
  // Codes and reset links always come; the other kinds are the client's choice.
  await expect(page.getByRole('switch', { name: 'Коды подтверждения' })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Товар пришёл на склад' })).toBeEnabled();
});

/**
 * The admin writes a post with a picture and a button, schedules it, sends it at once, and finds it
 * in «Статистика рассылок» with everyone it went to delivered and the day's chart.
 */
test('the admin schedules a post with a picture and a button, sends it now and sees it in the statistics', async ({ page }) => {
  const admin = await apiAs(page.request, 'admin');
  const run = `${Date.now() % 1_000_000}`;
  await signInAs(page, 'admin', '/admin/telegram-scheduler');
  await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Новый пост' });
  await form.getByLabel('Текст поста').fill(`Распродажа зимних курток ${run}: скидки до 50 %`);
  await form.getByLabel('Текст поста').selectText();
  await form.getByRole('button', { name: 'Жирный' }).click();
  await expect(form.getByLabel('Текст поста')).toHaveValue(`<b>Распродажа зимних курток ${run}: скидки до 50 %</b>`);
  // The preview shows what Telegram will: bold text, not tags.
  await expect(page.locator('strong', { hasText: `Распродажа зимних курток ${run}` })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Добавить картинку' }).click();
  await (await chooser).setFiles({ name: 'sale.png', mimeType: 'image/png', buffer: PICTURE });
  await expect(form.getByRole('button', { name: 'Убрать' })).toBeVisible();

  await form.getByLabel('Кнопка под постом').fill('Смотреть закупку');
  await form.getByLabel('Адрес кнопки').fill('https://vmeste.shop/purchases');
  await form.getByRole('button', { name: 'Запланировать' }).click();
  await expect(page.getByText('Пост запланирован', { exact: false })).toBeVisible();

  const row = page.locator('.mantine-datatable-row', { hasText: `Распродажа зимних курток ${run}` });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Отправить сейчас' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Отправить/ })
    .click();
  await expect(row).toBeHidden();

  // Every linked subscriber and the channel: the count the server planned, all delivered.
  const posts = await admin<{ items: { text: string; lastRun: { recipients: number } | null }[] }>('GET', '/telegram/posts?status=done');
  const sent = posts.items.find((p) => p.text.includes(run));
  expect(sent?.lastRun?.recipients).toBeGreaterThanOrEqual(3);
  const recipients = sent!.lastRun!.recipients;

  await page.goto('/admin/telegram-scheduler/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Статистика рассылок' })).toBeVisible();
  const statRow = page.locator('.mantine-datatable-row', { hasText: `Распродажа зимних курток ${run}` });
  await expect(statRow.locator('td').nth(2)).toHaveText(String(recipients));
  // Sending takes a moment: «Доставлено» reaches every recipient.
  await expect(async () => {
    await page.reload();
    await expect(
      page
        .locator('.mantine-datatable-row', { hasText: `Распродажа зимних курток ${run}` })
        .locator('td')
        .nth(3),
    ).toHaveText(String(recipients), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByLabel(/Сообщения по дням/)).toBeVisible();
  await expect(page.getByLabel(/Подписчики бота по дням/)).toBeVisible();
});
