import { demo, expect, test } from './fixtures';

// A link from a message (the invoice SMS leads to the unpaid orders) lands where it points once the
// guest has signed in (issue 26, item B).
test('a guest opening the unpaid orders signs in and lands on them', async ({ page }) => {
  await page.goto('/personal/orders/unpaid');
  await expect(page).toHaveURL(/\/signin\?next=%2Fpersonal%2Forders%2Funpaid$/);
  await page.getByLabel('Телефон').click();
  await page.getByLabel('Телефон').pressSequentially(demo.client.phone.slice(1));
  await page.getByLabel('Пароль').fill('demo12345');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal\/orders\/unpaid$/);
  await expect(page).toHaveTitle('Неоплаченные заказы');
});

test('a link to another site in the parameter is ignored', async ({ page }) => {
  await page.goto('/signin?next=%2F%2Fevil.example%2F');
  await page.getByLabel('Телефон').click();
  await page.getByLabel('Телефон').pressSequentially(demo.client.phone.slice(1));
  await page.getByLabel('Пароль').fill('demo12345');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal$/);
});
