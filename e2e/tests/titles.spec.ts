import { type DemoRole, expect, signInAs, test } from './fixtures';

/** Every route of the specification with its title, opened by a user who may open it. */
const cases: { who: DemoRole | 'guest'; path: string; title: string }[] = [
  { who: 'guest', path: '/', title: 'Главная' },
  { who: 'guest', path: '/payment-result', title: 'Результат оплаты' },
  { who: 'guest', path: '/delivery-and-payment', title: 'Доставка и оплата' },
  { who: 'guest', path: '/contacts', title: 'Контакты' },
  { who: 'guest', path: '/terms', title: 'Публичная оферта' },
  { who: 'guest', path: '/policy', title: 'Политика конфидициальности' },
  { who: 'guest', path: '/accept-policy', title: 'Обработка персональных данных' },
  { who: 'guest', path: '/return-goods', title: 'Возврат товара' },
  { who: 'guest', path: '/order/00000000-0000-4000-8000-000000000000', title: 'Мой заказ' },
  { who: 'guest', path: '/signin', title: 'Вход' },
  { who: 'guest', path: '/signup', title: 'Регистрация' },
  { who: 'guest', path: '/forgot-password', title: 'Восстановление пароля' },
  { who: 'guest', path: '/reset-password/abc', title: 'Сброс пароля' },
  { who: 'client', path: '/personal', title: 'Личный кабинет' },
  { who: 'client', path: '/personal/orders/unpaid', title: 'Неоплаченные заказы' },
  { who: 'client', path: '/personal/orders/paid', title: 'Мои заказы' },
  { who: 'client', path: '/personal/bonus', title: 'Бонусная система' },
  { who: 'client', path: '/personal/delivery', title: 'Способы доставки' },
  { who: 'client', path: '/personal/profile', title: 'Профиль' },
  { who: 'unconfirmedClient', path: '/personal/activation', title: 'Активация аккаунта' },
  { who: 'admin', path: '/admin/purchase/cover', title: 'Закупки' },
  { who: 'admin', path: '/admin/purchase/cart-binding', title: 'Привязка карты' },
  { who: 'admin', path: '/admin/bonus/settings', title: 'Настройки бонусной программы' },
  { who: 'admin', path: '/admin/bonus/exception', title: 'Исключения' },
  { who: 'admin', path: '/admin/bonus/hand-calculation', title: 'Ручное начисление' },
  { who: 'admin', path: '/admin/users', title: 'Пользователи' },
  { who: 'admin', path: '/admin/payments/check', title: 'Оплаты' },
  { who: 'admin', path: '/admin/payments/to-card', title: 'Проверка чеков' },
  { who: 'admin', path: '/admin/payments/export-payment', title: 'Выгрузка оплаты' },
  { who: 'admin', path: '/admin/report/clients', title: 'Отчет по клиентам' },
  { who: 'admin', path: '/admin/telegram-scheduler', title: 'Расписание' },
  { who: 'admin', path: '/admin/telegram-scheduler/statistics', title: 'Статистика рассылок' },
  { who: 'storekeeper', path: '/storekeeper/home', title: 'Главная' },
  { who: 'logistician', path: '/logistician/main', title: 'Главная' },
  { who: 'logistician', path: '/logistician/invoices', title: 'Счета на оплату доставки' },
  { who: 'logistician', path: '/logistician/pvz', title: 'ПВЗ Boxberry' },
  { who: 'logistician', path: '/logistician/settings/boxberry', title: 'Настройки Boxberry' },
  { who: 'logistician', path: '/logistician/settings/price-list', title: 'Прайс-лист' },
];

for (const { who, path, title } of cases) {
  test(`${path} is titled «${title}» for ${who}`, async ({ page }) => {
    if (who === 'guest') await page.goto(path);
    else await signInAs(page, who, path);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page).toHaveTitle(title);
  });
}

test('the title follows client-side navigation', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Главная');
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Контакты' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page).toHaveTitle('Контакты');
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Доставка и оплата' }).click();
  await expect(page).toHaveTitle('Доставка и оплата');
});

test('/admin/bonus leads to the exceptions', async ({ page }) => {
  await signInAs(page, 'admin', '/admin/bonus');
  await expect(page).toHaveURL(/\/admin\/bonus\/exception$/);
  await expect(page).toHaveTitle('Исключения');
});

test('an unknown path shows the Russian 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page).toHaveTitle('Страница не найдена');
  await page.getByRole('link', { name: 'На главную', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});
