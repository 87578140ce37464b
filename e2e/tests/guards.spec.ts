import { demo, type DemoRole, expect, signInAs, signInWithForm, test } from './fixtures';

test.describe('guest', () => {
  for (const path of ['/personal', '/personal/profile', '/personal/activation', '/admin/users', '/storekeeper/home', '/logistician/pvz']) {
    test(`${path} without a session goes to sign-in, keeping the page asked for`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/signin\\?next=${encodeURIComponent(path)}$`));
      await expect(page).toHaveTitle('Вход');
    });
  }
});

test.describe('signed-in users on guest-only pages go home', () => {
  const homes: [DemoRole, string][] = [
    ['client', '/personal'],
    ['admin', '/admin/purchase/cover'],
    ['storekeeper', '/storekeeper/home'],
    ['logistician', '/logistician/main'],
  ];
  for (const [who, home] of homes) {
    for (const path of ['/signin', '/signup', '/forgot-password', '/reset-password/x']) {
      test(`${who} on ${path}`, async ({ page }) => {
        await signInAs(page, who, path);
        await expect(page).toHaveURL(new RegExp(`${home}$`));
      });
    }
  }
});

test.describe('role mismatch goes to the own home', () => {
  const cases: [DemoRole, string, string][] = [
    ['client', '/admin/users', '/personal'],
    ['client', '/storekeeper/home', '/personal'],
    ['admin', '/personal', '/admin/purchase/cover'],
    ['admin', '/logistician/main', '/admin/purchase/cover'],
    ['storekeeper', '/admin/purchase/cover', '/storekeeper/home'],
    ['storekeeper', '/personal/bonus', '/storekeeper/home'],
    ['logistician', '/admin/users', '/logistician/main'],
    ['logistician', '/storekeeper/home', '/logistician/main'],
  ];
  for (const [who, path, home] of cases) {
    test(`${who} opening ${path}`, async ({ page }) => {
      await signInAs(page, who, path);
      await expect(page).toHaveURL(new RegExp(`${home}$`));
    });
  }
});

test('an organizer gets the alert «Неизвестная роль» and is signed out', async ({ page }) => {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await signInWithForm(page, demo.organizer.phone);
  await expect.poll(() => alerts).toEqual(['Неизвестная роль']);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('vmeste:token'))).toBeNull();
});

test('an unconfirmed client is kept on the activation page', async ({ page }) => {
  await signInAs(page, 'unconfirmedClient', '/personal/orders/unpaid');
  // The page asked for waits through the activation (`?next=`).
  await expect(page).toHaveURL(/\/personal\/activation\?next=%2Fpersonal%2Forders%2Funpaid$/);
  await page.goto('/personal');
  await expect(page).toHaveURL(/\/personal\/activation(\?next=%2Fpersonal)?$/);
});

test('a confirmed client on the activation page goes to the personal home', async ({ page }) => {
  await signInAs(page, 'client', '/personal/activation');
  await expect(page).toHaveURL(/\/personal$/);
});
