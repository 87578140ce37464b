import type { Page } from '@playwright/test';
import { expect, lastMessage, signInAs, test, typePhone, uniquePhone } from './fixtures';

test('sign up → activate with the SMS code → edit the profile → change the password → sign in again', async ({ page }) => {
  const phone = uniquePhone();
  await page.goto('/signup');
  await typePhone(page, 'Телефон', phone);
  await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Вера');
  await page.getByLabel('Фамилия').fill('Комарова');
  await page.getByLabel('Пароль').fill('first-pass-123');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/personal\/activation$/);

  // The code went out with the sign-up: the page opens ready for it, counting down to when another may be asked for.
  const countdown = page.getByTestId('resend-countdown');
  await expect(countdown).toContainText(/Новый код можно запросить через \d+ секунд/);
  const shown = await countdown.textContent();
  await expect(countdown).not.toHaveText(shown ?? '');
  await expect(page.getByRole('button', { name: 'Отправить код повторно' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Получить код' })).toHaveCount(0);
  // Opened again, the page still knows the code is on its way.
  await page.reload();
  await expect(countdown).toContainText(/Новый код можно запросить через \d+ секунд/);
  await expect(page.getByRole('button', { name: 'Отправить код повторно' })).toBeDisabled();
  const code = /(\d{6})/.exec(await lastMessage(page, phone, 'activation_code'))?.[1] ?? '';
  // A wrong code first: the error is clear and the page stays.
  await page.getByLabel('Код из СМС').first().click();
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await expect(page.getByRole('alert').filter({ hasText: 'Неверный код' })).toContainText('Неверный код. Осталось 4 попытки');
  // The cleared cells take the code again from the first one, without a tap.
  await expect(page.getByRole('textbox', { name: 'Цифра кода' }).first()).toBeFocused();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/personal$/);

  await page.goto('/personal/profile');
  await page.getByLabel('Фамилия').fill('Комарова-Лис');
  await page.getByLabel('Электронная почта').fill('vera@example.ru');
  const reload = page.waitForRequest((r) => r.url().endsWith('/api/users/my'));
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await reload;
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Профиль сохранён' })).toBeVisible();

  await page.getByLabel('Текущий пароль').fill('first-pass-123');
  await page.getByLabel('Новый пароль', { exact: true }).fill('second-pass-456');
  await page.getByLabel('Повторите новый пароль').fill('second-pass-456');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Пароль успешно изменен' })).toBeVisible();

  await page.getByRole('button', { name: 'Меню личного кабинета' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/signin');
  await typePhone(page, 'Телефон', phone);
  await page.getByLabel('Пароль').fill('second-pass-456');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal$/);
  await expect(page.getByText('Вера Комарова-Лис')).toBeVisible();
});

test('forgot password → reset by the link → sign in with the new password', async ({ page }) => {
  const phone = uniquePhone('7921');
  const signup = await page.request.post('/api/auth/signup', {
    data: { phone, name: 'Глеб', surname: 'Зуев', password: 'old-pass-123', acceptPolicy: true },
  });
  expect(signup.status()).toBe(200);

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await typePhone(page, 'Телефон', phone);
  await page.getByRole('button', { name: 'Получить ссылку' }).click();
  await expect(page.getByRole('status')).toContainText('Если этот номер зарегистрирован');
  const link = /(\/reset-password\/[A-Za-z0-9_-]+)/.exec(await lastMessage(page, phone, 'password_reset'))?.[1] ?? '';

  await page.goto(link);
  await expect(page).toHaveTitle('Сброс пароля');
  await page.getByLabel('Новый пароль').fill('new-pass-456');
  await page.getByLabel('Повторите пароль').fill('new-pass-456');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Пароль успешно изменен' })).toBeVisible();

  await typePhone(page, 'Телефон', phone);
  await page.getByLabel('Пароль').fill('new-pass-456');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal\/activation$/);

  // The link is single-use: opened again, it says so at once, before any password is typed.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expectDeadLink(page);
  await page.getByRole('link', { name: 'Запросить новую ссылку' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

/** The dead-link page: said once, with one way to a new link, and no password fields. */
async function expectDeadLink(page: Page) {
  const alert = page.getByTestId('dead-reset-link');
  await expect(alert).toHaveText('Ссылка для сброса пароля недействительна или устарела: она действует 1 час и только один раз.');
  await expect(page.getByRole('link', { name: 'Запросить новую ссылку' })).toHaveCount(1);
  await expect(page.getByRole('main').getByText('Запросите новую')).toHaveCount(0);
  await expect(page.getByLabel('Новый пароль')).toHaveCount(0);
}

test('an unknown reset link is reported as the page opens, without an error toast', async ({ page }) => {
  await page.goto('/reset-password/no-such-link');
  await expect(page).toHaveTitle('Сброс пароля');
  await expectDeadLink(page);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});

test('a reset link that dies while its page is open is reported on saving, with the error toast', async ({ page }) => {
  const phone = uniquePhone('7923');
  expect(
    (
      await page.request.post('/api/auth/signup', {
        data: { phone, name: 'Нина', surname: 'Жукова', password: 'old-pass-123', acceptPolicy: true },
      })
    ).status(),
  ).toBe(200);
  await page.request.post('/api/auth/forgot-password', { data: { phone } });
  const link = /(\/reset-password\/[A-Za-z0-9_-]+)/.exec(await lastMessage(page, phone, 'password_reset'))?.[1] ?? '';
  await page.goto(link);
  await expect(page.getByLabel('Новый пароль')).toBeVisible();
  // Used in another tab meanwhile.
  const id = link.split('/').at(-1);
  expect((await page.request.post('/api/auth/reset-password', { data: { id, password: 'other-tab-pass' } })).status()).toBe(200);
  await page.getByLabel('Новый пароль').fill('this-tab-pass-1');
  await page.getByLabel('Повторите пароль').fill('this-tab-pass-1');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Ссылка для сброса пароля недействительна' })).toContainText(
    'Ошибка',
  );
  await expectDeadLink(page);
});

test('admin creates a storekeeper who signs in; after deactivation their next request logs them out', async ({ page, browser }) => {
  const phone = uniquePhone('7922');
  // A surname of its own, so a retried test never finds the employee of the previous try.
  const surname = `Складов${phone.slice(-4)}`;
  await signInAs(page, 'admin', '/admin/users');
  await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый сотрудник' });
  await typePhone(page, 'Телефон', phone);
  await dialog.getByRole('textbox', { name: 'Имя', exact: true }).fill('Денис');
  await dialog.getByLabel('Фамилия').fill(surname);
  await dialog.getByLabel('Пароль').fill('store-pass-1');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `${surname} Денис` })).toContainText('Кладовщик');

  const storekeeperContext = await browser.newContext();
  const storekeeper = await storekeeperContext.newPage();
  await storekeeper.goto('/signin');
  await typePhone(storekeeper, 'Телефон', phone);
  await storekeeper.getByLabel('Пароль').fill('store-pass-1');
  await storekeeper.getByRole('button', { name: 'Войти' }).click();
  await expect(storekeeper).toHaveURL(/\/storekeeper\/home$/);

  await page.getByRole('button', { name: `Отключить: ${surname} Денис` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Отключить' }).click();
  await expect(page.getByRole('row').filter({ hasText: `${surname} Денис` })).toContainText('Отключён');

  await storekeeper.reload();
  await expect(storekeeper).toHaveURL(/\/$/);
  expect(await storekeeper.evaluate(() => localStorage.getItem('vmeste:token'))).toBeNull();
  await storekeeperContext.close();
});

test('the admin users page filters by role and search', async ({ page }) => {
  await signInAs(page, 'admin', '/admin/users');
  await expect(page.getByRole('row').filter({ hasText: 'Попова Ольга' })).toBeVisible();
  await page.getByLabel('Поиск').fill('Кузнецов');
  await expect(page.getByRole('row').filter({ hasText: 'Кузнецов Игорь' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Попова Ольга' })).toBeHidden();
  await page.getByLabel('Поиск').fill('');
  await page.getByRole('combobox', { name: 'Роль' }).click();
  await page.getByRole('option', { name: 'Логист' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Попова Ольга' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Кузнецов Игорь' })).toBeHidden();
});

test('the staff form offers the specification’s roles, not admin; admins stay listed and editable', async ({ page }) => {
  await signInAs(page, 'admin', '/admin/users');
  await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый сотрудник' });
  await dialog.getByRole('combobox', { name: 'Роль' }).click();
  await expect(page.getByRole('option')).toHaveText(['Организатор', 'Логист', 'Товаровед', 'Кладовщик']);
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();

  // The demo admin is listed, can be found by the filter, and saved without the form sending a role.
  const adminRow = page.getByRole('row').filter({ hasText: 'Смирнова Анна' });
  await expect(adminRow).toContainText('Администратор');
  await page.getByRole('button', { name: 'Изменить: Смирнова Анна' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Изменить сотрудника' });
  await expect(editDialog.getByRole('combobox', { name: 'Роль' })).toHaveValue('Администратор');
  const save = page.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/users\//.test(r.url()));
  await editDialog.getByRole('button', { name: 'Сохранить' }).click();
  expect((await save).postDataJSON()).not.toHaveProperty('role');
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Сотрудник сохранён' })).toBeVisible();
  await expect(adminRow).toContainText('Администратор');
});
