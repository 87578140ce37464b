import { type DemoRole, expect, signInAs, test } from './fixtures';

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

test.describe('staff menu on a phone', () => {
  const journeys: { role: DemoRole; start: string; group?: string; item: string; to: RegExp; title: string }[] = [
    {
      role: 'admin',
      start: '/admin/purchase/cover',
      group: 'Оплаты',
      item: 'Проверка оплат',
      to: /\/admin\/payments\/check$/,
      title: 'Оплаты',
    },
    { role: 'admin', start: '/admin/payments/check', item: 'Сотрудники', to: /\/admin\/users$/, title: 'Пользователи' },
    {
      role: 'logistician',
      start: '/logistician/main',
      item: 'Счета на оплату доставки',
      to: /\/logistician\/invoices$/,
      title: 'Счета на оплату доставки',
    },
    // The storekeeper has one page: following it must still close the menu.
    { role: 'storekeeper', start: '/storekeeper/home', item: 'Главная', to: /\/storekeeper\/home$/, title: 'Главная' },
  ];

  for (const { role, start, group, item, to, title } of journeys) {
    test(`${role}: the burger opens the sidebar, «${item}» is followed and the menu closes`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(page, role, start);
      const sidebar = page.getByTestId('sidebar');
      const link = sidebar.getByRole('link', { name: item, exact: true });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(sidebar).not.toBeInViewport();

      await page.getByRole('button', { name: 'Открыть меню' }).click();
      await expect(page.getByRole('button', { name: 'Закрыть меню' })).toHaveAttribute('aria-expanded', 'true');
      await expect(sidebar).toBeInViewport({ ratio: 0.9 });
      // A phone has no room for the icons-only sidebar: it opens expanded, without the collapse button.
      await expect(sidebar.getByTitle('Свернуть меню')).toHaveCount(0);
      if (group) await sidebar.getByRole('button', { name: group }).click();
      await link.click();

      await expect(page).toHaveURL(to);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('button', { name: 'Открыть меню' })).toHaveAttribute('aria-expanded', 'false');
      await expect(sidebar).not.toBeInViewport();
    });
  }
});

test.describe('personal cabinet menu', () => {
  const cabinetPages = [
    { path: '/personal', title: 'Личный кабинет' },
    { path: '/personal/orders/unpaid', title: 'Неоплаченные заказы' },
    { path: '/personal/orders/paid', title: 'Мои заказы' },
    { path: '/personal/bonus', title: 'Бонусная система' },
    { path: '/personal/delivery', title: 'Способы доставки' },
    { path: '/personal/profile', title: 'Профиль' },
  ];

  test('marks only the current page as active on every personal page', async ({ page }) => {
    await signInAs(page, 'client', '/personal');
    const menu = page.getByRole('navigation', { name: 'Личный кабинет' });
    for (const { path, title } of cabinetPages) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(menu.locator('[aria-current="page"]')).toHaveText([title]);
      await expect(menu.locator('a[data-active]')).toHaveText([title]);
    }
  });

  test('on a phone the page comes first and the menu folds into one button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'client', '/personal/bonus');
    const heading = page.getByRole('heading', { level: 1, name: 'Бонусная система' });
    await expect(heading).toBeInViewport();
    const menu = page.getByRole('navigation', { name: 'Личный кабинет' });
    await expect(menu.getByRole('link')).toHaveCount(0);
    const box = await menu.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(60);

    await menu.getByRole('button', { name: 'Разделы кабинета' }).click();
    await expect(menu.getByRole('menuitem')).toHaveText(cabinetPages.map((p) => p.title));
    await expect(menu.getByRole('menuitem', { name: 'Бонусная система' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('menuitem', { name: 'Мои заказы' }).click();
    await expect(page).toHaveURL(/\/personal\/orders\/paid$/);
    await expect(menu.getByRole('menuitem')).toHaveCount(0);
  });
});

test.describe('admin purchases table', () => {
  const demoTitles = ['Детская одежда «Мамин Дом» — осень', 'Постельное бельё «Ивановский текстиль»', 'Посуда и товары для кухни'];

  test('fits a 1280 px screen: no sideways scroll, every action in sight, titles in at most two lines', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await signInAs(page, 'admin', '/admin/purchase/cover');
    const table = page.getByRole('table');
    for (const title of demoTitles) {
      const row = table.getByRole('row').filter({ hasText: title });
      // Sideways is what is checked: other tests' purchases may push a demo row below the fold.
      await row.scrollIntoViewIfNeeded();
      for (const action of ['Заказы', 'Изменить', 'Статус']) {
        await expect(row.getByRole('button', { name: `${action}: ${title}` })).toBeInViewport({ ratio: 1 });
      }
      const lines = await row.getByText(title, { exact: true }).evaluate((el) => {
        const style = getComputedStyle(el);
        return Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight));
      });
      expect(lines, title).toBeLessThanOrEqual(2);
    }
    const overflow = await table.evaluate((el) => el.scrollWidth - (el.closest('.mantine-datatable')?.clientWidth ?? 0));
    expect(overflow).toBeLessThanOrEqual(1);
  });

  test('on a phone the table scrolls inside its frame and keeps the actions column in sight', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'admin', '/admin/purchase/cover');
    const title = demoTitles[0]!;
    const row = page.getByRole('table').getByRole('row').filter({ hasText: title });
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: `Изменить: ${title}` })).toBeInViewport({ ratio: 1 });
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    await row.getByRole('button', { name: `Изменить: ${title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Изменить закупку' })).toBeVisible();
  });
});
