import type { Page } from '@playwright/test';
import { demo, expect, signInAs, signInWithForm, test, typePhone } from './fixtures';

/** The error toast of section 8 with the server's message. */
const errorToast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });

/** A failed form shows the toast titled «Ошибка» with the server's message, which then goes away by itself. */
async function expectErrorToast(page: Page, message: string) {
  const toast = errorToast(page, message);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Ошибка');
  // Toasts stay 3000 ms.
  await expect(toast).toBeHidden({ timeout: 6000 });
}

test('sign-in with the form takes a client to the personal home and stores the session', async ({ page }) => {
  await signInWithForm(page, demo.client.phone);
  await expect(page).toHaveURL(/\/personal$/);
  await expect(page.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('vmeste:token'), user: localStorage.getItem('vmeste:user') }));
  expect(stored.token).toBeTruthy();
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ phone: demo.client.phone, role: 'client' });
});

test('sign-in with the form takes staff to their home', async ({ page }) => {
  await signInWithForm(page, demo.admin.phone);
  await expect(page).toHaveURL(/\/admin\/purchase\/cover$/);
});

test('a wrong password shows the error toast and the message above the form, and keeps what was typed', async ({ page }) => {
  await signInWithForm(page, demo.client.phone, 'wrong-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Неверный телефон или пароль' })).toBeVisible();
  await expect(page.getByLabel('Телефон')).toHaveValue('+7 (900) 000-00-04');
  await expect(page).toHaveURL(/\/signin$/);
  await expectErrorToast(page, 'Неверный телефон или пароль');
  // The inline message stays after the toast is gone.
  await expect(page.getByRole('alert').filter({ hasText: 'Неверный телефон или пароль' })).toBeVisible();
});

test('sign-up with a taken phone shows the error toast and the message under the phone', async ({ page }) => {
  const message = 'Этот телефон уже зарегистрирован. Войдите или восстановите пароль';
  await page.goto('/signup');
  await typePhone(page, 'Телефон', demo.client.phone);
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Мария');
  await page.getByLabel('Фамилия').fill('Иванова');
  await page.getByLabel('Пароль').fill('another-pass-1');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByLabel('Телефон')).toHaveAccessibleDescription(/Этот телефон уже зарегистрирован/);
  await expect(page).toHaveURL(/\/signup$/);
  await expectErrorToast(page, message);
});

test('a password change with a wrong current password shows the error toast and the message under the field', async ({ page }) => {
  const message = 'Текущий пароль указан неверно';
  await signInAs(page, 'client', '/personal/profile');
  await page.getByLabel('Текущий пароль').fill('not-my-password');
  await page.getByLabel('Новый пароль', { exact: true }).fill('second-pass-456');
  await page.getByLabel('Повторите новый пароль').fill('second-pass-456');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByLabel('Текущий пароль')).toHaveAccessibleDescription(/Текущий пароль указан неверно/);
  await expectErrorToast(page, message);
});

test('the sign-in form validates before sending', async ({ page }) => {
  // The form's schema comes only when the form is first touched (decision 039): a tap on the button
  // straight away still checks the fields in the browser and sends nothing.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/signin') sent.push(request.method());
  });
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Укажите телефон')).toBeVisible();
  await expect(page.getByText('Укажите пароль')).toBeVisible();
  expect(sent).toEqual([]);
});

test('a form whose checks cannot be fetched is checked by the server, and the page is not reloaded', async ({ page }) => {
  // A dropped connection on a phone: the schema's file fails. The server checks the form instead, and
  // what the client typed stays (a reload, as for a page's own missing file, would wipe it).
  let aborted = 0;
  await page.route('**/assets/account-schemas-*.js', (route) => (aborted++, route.abort('connectionfailed')));
  await page.goto('/signin');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await typePhone(page, 'Телефон', demo.client.phone);
  await page.getByLabel('Пароль').fill('wrong-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Неверный телефон или пароль' })).toBeVisible();
  await expect(page.getByLabel('Телефон')).toHaveValue('+7 (900) 000-00-04');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // The schema's file was asked for and failed: the check above was the server's.
  expect(aborted).toBeGreaterThan(0);
});

test('sign-up with the consent checkbox and ?ref= creates a client and opens activation', async ({ page }) => {
  const phone = `7901${String(Date.now()).slice(-7)}`;
  await page.goto('/signup?ref=NOSUCHCODE');
  await expect(page.getByText('Вы регистрируетесь по приглашению друга.')).toBeVisible();
  await page.getByLabel('Телефон').click();
  await page.getByLabel('Телефон').pressSequentially(phone.slice(1));
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Светлана');
  await page.getByLabel('Фамилия').fill('Орлова');
  await page.getByLabel('Пароль').fill('Secret-pass-42');
  await expect(page.getByTestId('password-strength')).toHaveText('Надёжный пароль');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Нужно согласие на обработку персональных данных')).toBeVisible();
  await page.getByRole('checkbox').check();
  const request = page.waitForRequest('**/api/auth/signup');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  expect((await request).postDataJSON()).toMatchObject({ referer: 'NOSUCHCODE', acceptPolicy: true, name: 'Светлана' });
  await expect(page).toHaveURL(/\/personal\/activation$/);
});

test('logout calls the server, clears the session and goes to Main', async ({ page }) => {
  await signInAs(page, 'client', '/personal');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('vmeste:token') ?? 'null') as string);
  await page.getByRole('button', { name: 'Меню личного кабинета' }).click();
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout') && r.method() === 'DELETE');
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await logout;
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('vmeste:token'), localStorage.getItem('vmeste:user')])).toEqual([null, null]);
  const me = await page.request.get('/api/users/my', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('staff logout from the header popup', async ({ page }) => {
  await signInAs(page, 'storekeeper', '/storekeeper/home');
  await expect(page.getByTestId('staff-user')).toHaveText(`${demo.storekeeper.name} ${demo.storekeeper.surname}`);
  await page.getByTestId('staff-user').click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
});

test('any 401 signs the user out', async ({ page }) => {
  await signInAs(page, 'admin', '/admin/users');
  // The session is revoked behind the app's back, as when an admin deactivates an employee.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('vmeste:token') ?? 'null') as string);
  await page.request.delete('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('vmeste:token'))).toBeNull();
});

test('a failed request shows the error toast titled «Ошибка»', async ({ page }) => {
  await page.route('**/api/settings/public', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Сервис временно недоступен' }),
    }),
  );
  await page.goto('/contacts');
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Сервис временно недоступен' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Ошибка');
  // Toasts stay 3000 ms.
  await expect(toast).toBeHidden({ timeout: 6000 });
});

test('an error without a message shows the default text', async ({ page }) => {
  await page.route('**/api/settings/public', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/contacts');
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Упс, промох разработчика' })).toBeVisible();
});
