import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, demo, expect, signInAs, test } from './fixtures';

type Purchase = { id: string; title: string; coverUrl: string | null };

// A 2×2 PNG: the server makes the cover and its thumbnail from it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** A purchase of its own on the main page, at the payment stage, with a cover, description, supplier and deadline. */
async function purchaseOnMain(request: APIRequestContext): Promise<Purchase> {
  const signin = await request.post('/api/auth/signin', { data: { phone: demo.admin.phone, password: DEMO_PASSWORD } });
  const { accessToken } = (await signin.json()) as { accessToken: string };
  const authorization = `Bearer ${accessToken}`;
  const admin = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(`/api${path}`, { headers: { authorization }, data });
    expect(response.ok(), `POST ${path} → ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const created = await admin<Purchase>('/purchases', {
    title: `Шерстяные пледы ${Date.now() % 100000}`,
    supplier: 'Фабрика «Тёплый дом», Иваново',
    description: 'Пледы из шерсти мериноса, 140×200 и 200×220.\nЦвета — на фото поставщика.',
    paymentDeadline: '2026-11-05',
    showOnMain: true,
    mainOrder: 0,
  });
  const upload = await request.post(`/api/purchases/${created.id}/cover`, {
    headers: { authorization },
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  for (const status of ['open', 'stopped', 'payment']) await admin(`/purchases/${created.id}/status`, { status });
  return (await upload.json()) as Purchase;
}

test('a purchase card on the main page opens the purchase: picture, description, supplier, stage, deadline, how to take part', async ({
  page,
  request,
}) => {
  const purchase = await purchaseOnMain(request);
  await page.goto('/');
  const card = page.getByTestId('cover-card').filter({ hasText: purchase.title });
  await expect(card).toContainText('Оплатить до 05.11.2026');

  // The card is a button named by the purchase: reached with the keyboard, opened with Enter.
  const open = card.getByRole('button', { name: purchase.title });
  await open.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: purchase.title });
  await expect(details).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?purchase=${purchase.id}$`));
  // The full picture, not the card's thumbnail.
  await expect(details.getByRole('img', { name: purchase.title })).toHaveAttribute('src', purchase.coverUrl!);
  await expect(details.getByText('Фабрика «Тёплый дом», Иваново')).toBeVisible();
  await expect(details.getByText('Оплата', { exact: true })).toBeVisible();
  await expect(details.getByText('до 05.11.2026')).toBeVisible();
  await expect(details).toContainText('Пледы из шерсти мериноса, 140×200 и 200×220.');
  await expect(details.getByRole('heading', { name: 'Как принять участие' })).toBeVisible();
  await expect(details.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', '/signup');
  await expect(details.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/signin');

  // Escape closes it, the address loses the purchase and the focus is back on the card.
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(open).toBeFocused();

  // A click anywhere on the card opens it too; «Войти» leads to sign-in.
  await card.click();
  await expect(details).toBeVisible();
  await details.getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(details).toBeHidden();
});

test('the address of an opened purchase opens it again; a signed-in client is sent to the cabinet', async ({ page, request }) => {
  const purchase = await purchaseOnMain(request);
  await signInAs(page, 'client', `/?purchase=${purchase.id}`);
  const details = page.getByRole('dialog', { name: purchase.title });
  await expect(details).toBeVisible();
  await expect(details.getByRole('link', { name: 'Зарегистрироваться' })).toHaveCount(0);
  await details.getByRole('link', { name: 'Перейти в личный кабинет' }).click();
  await expect(page).toHaveURL(/\/personal$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Back on the main page the window is not open again by itself once closed.
  await page.goto(`/?purchase=${purchase.id}`);
  await expect(details).toBeVisible();
  await details.getByRole('button', { name: 'Закрыть' }).click();
  await expect(details).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});
