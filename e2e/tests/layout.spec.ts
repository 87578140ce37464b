import { expect, signInAs, test } from './fixtures';

test.describe('public header', () => {
  test('guests see Войти and Регистрация; «Оплата заказов» leads to Main', async ({ page }) => {
    await page.goto('/contacts');
    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: 'Войти' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Регистрация' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Оплата заказов' })).toHaveAttribute('href', '/');
  });

  test('a client sees the Личный кабинет split button with Профиль and Выйти', async ({ page }) => {
    await signInAs(page, 'client', '/contacts');
    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: 'Оплата заказов' })).toHaveAttribute('href', '/personal/orders/unpaid');
    await expect(header.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
    await header.getByRole('button', { name: 'Меню личного кабинета' }).click();
    await expect(page.getByRole('menuitem', { name: 'Профиль' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Выйти' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Профиль' }).click();
    await expect(page).toHaveURL(/\/personal\/profile$/);
  });

  test('on a narrow screen the burger toggles the same links', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeHidden();
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('navigation', { name: 'Мобильное меню' });
    await expect(menu.getByRole('link', { name: 'Оплата заказов' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Доставка и оплата' })).toBeVisible();
    await menu.getByRole('link', { name: 'Контакты' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('footer', () => {
  test('has three groups of document cards opening in a new tab', async ({ page, context }) => {
    await page.goto('/');
    const groups = page.getByTestId('footer-group');
    await expect(groups).toHaveCount(3);
    await expect(groups.nth(0).getByRole('link')).toHaveText(['Доставка и оплата', 'Возврат товара']);
    await expect(groups.nth(1).getByRole('link')).toHaveText([
      'Публичная оферта',
      'Политика конфиденциальности',
      'Обработка персональных данных',
    ]);
    await expect(groups.nth(2).getByRole('link')).toHaveText(['Контакты']);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      groups.nth(1).getByRole('link', { name: 'Публичная оферта' }).click(),
    ]);
    await expect(popup).toHaveURL(/\/terms$/);
    await expect(popup).toHaveTitle('Публичная оферта');
  });
});

test.describe('staff sidebar', () => {
  test('the admin sidebar opens the group of the current page', async ({ page }) => {
    await signInAs(page, 'admin', '/admin/payments/to-card');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByRole('link', { name: 'Оплаты на карту' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Проверка оплат' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Привязка карт' })).toBeHidden();
    await sidebar.getByRole('button', { name: 'Закупки' }).click();
    await sidebar.getByRole('link', { name: 'Привязка карт' }).click();
    await expect(page).toHaveURL(/\/admin\/purchase\/cart-binding$/);
    await expect(page).toHaveTitle('Привязка карты');
  });

  test('collapses to 5rem and expands to 25rem, and the choice survives a reload', async ({ page }) => {
    await signInAs(page, 'logistician', '/logistician/main');
    const navbar = page.locator('.mantine-AppShell-navbar');
    await expect(navbar).toHaveCSS('width', '400px');
    await page.getByTitle('Свернуть меню').click();
    await expect(navbar).toHaveCSS('width', '80px');
    expect(await page.evaluate(() => localStorage.getItem('vmeste:sidebar-collapsed'))).toBe('true');
    await page.reload();
    await expect(navbar).toHaveCSS('width', '80px');
    await page.getByTitle('Развернуть меню').click();
    await expect(navbar).toHaveCSS('width', '400px');
    await page.reload();
    await expect(navbar).toHaveCSS('width', '400px');
  });

  test('the staff header shows the name and surname', async ({ page }) => {
    await signInAs(page, 'admin', '/admin/users');
    await expect(page.getByTestId('staff-user')).toHaveText('Анна Смирнова');
  });

  test('the logistician sidebar has its items', async ({ page }) => {
    await signInAs(page, 'logistician', '/logistician/settings/price-list');
    const sidebar = page.getByTestId('sidebar');
    for (const name of ['Главная', 'Счета на оплату доставки', 'ПВЗ Boxberry', 'Boxberry', 'Прайс-лист']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });
});
