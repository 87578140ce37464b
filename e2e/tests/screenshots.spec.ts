import { type Page } from '@playwright/test';
import {
  apiAs,
  DEMO_PASSWORD,
  type DemoRole,
  payablePurchase,
  signInAs,
  signInWithPhone,
  signUpClient,
  test,
  uniquePhone,
} from './fixtures';

const widths = [
  { name: 'desktop', width: 1366, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

type Who = DemoRole | 'guest' | { phone: string; password: string };
type Shot = {
  name: string;
  who: Who;
  path: string;
  waitFor: string;
  /** What to do on the page before the picture (open a collapsed part, say). */
  then?: (page: Page) => Promise<void>;
  /** The viewport only: a drawer is fixed to it, and a full-page picture would show the page under it. */
  isViewportOnly?: boolean;
};

const shots: Shot[] = [
  { name: 'main', who: 'guest', path: '/', waitFor: '[data-testid="cover-card"]' },
  { name: 'signin', who: 'guest', path: '/signin', waitFor: 'form' },
  { name: 'admin', who: 'admin', path: '/admin/purchase/cover', waitFor: '.mantine-datatable-row' },
  { name: 'admin-users', who: 'admin', path: '/admin/users', waitFor: '.mantine-datatable-row' },
  { name: 'cards', who: 'admin', path: '/admin/purchase/cart-binding', waitFor: '.mantine-datatable-row' },
  { name: 'personal', who: 'client', path: '/personal', waitFor: '[data-testid="due-summary"]' },
  { name: 'unpaid', who: 'client', path: '/personal/orders/unpaid', waitFor: '[data-testid="order-card"]' },
  { name: 'profile', who: 'client', path: '/personal/profile', waitFor: 'form' },
  { name: 'activation', who: 'unconfirmedClient', path: '/personal/activation', waitFor: 'h1' },
  { name: 'admin-payments', who: 'admin', path: '/admin/payments/check', waitFor: '.mantine-datatable-row' },
  { name: 'admin-receipts', who: 'admin', path: '/admin/payments/to-card', waitFor: '[data-testid="receipt-preview"]' },
  { name: 'admin-export', who: 'admin', path: '/admin/payments/export-payment', waitFor: 'form' },
  {
    name: 'storekeeper-receiving',
    who: 'storekeeper',
    path: '/storekeeper/home?tab=receiving',
    waitFor: '[role="tabpanel"]:visible button',
  },
  {
    name: 'storekeeper-parcels',
    who: 'storekeeper',
    path: '/storekeeper/home?tab=parcels',
    waitFor: '[role="tabpanel"]:visible table, [role="tabpanel"]:visible p',
  },
  { name: 'delivery-methods', who: 'client', path: '/personal/delivery', waitFor: '[data-testid="delivery-method"]' },
  // Анна Сидорова of the demo: her courier parcel is invoiced and waits for her payment.
  {
    name: 'delivery-parcels',
    who: { phone: '79261234502', password: DEMO_PASSWORD },
    path: '/personal/delivery',
    waitFor: '[data-testid="parcel-card"]',
  },
  {
    name: 'unpaid-invoice',
    who: { phone: '79261234502', password: DEMO_PASSWORD },
    path: '/personal/orders/unpaid',
    waitFor: '[data-testid="delivery-invoice"]',
  },
  {
    name: 'delivery-method-form',
    who: 'client',
    path: '/personal/delivery',
    waitFor: '[data-testid="delivery-method"]',
    isViewportOnly: true,
    then: async (p) => {
      await p.getByRole('button', { name: 'Добавить способ доставки' }).click();
      await p.getByRole('combobox', { name: 'Город' }).fill('Моск');
      await p.getByRole('option', { name: 'Москва', exact: true }).click();
      // The points' names are cleaned («Арбат», not «Москва Арбат_104»): any point of the list will do.
      await p
        .getByRole('radiogroup', { name: /Пункт выдачи/ })
        .getByRole('radio')
        .first()
        .waitFor();
    },
  },
  { name: 'logistician-main', who: 'logistician', path: '/logistician/main', waitFor: '[data-testid="summary-awaiting_invoice"]' },
  {
    name: 'logistician-invoices',
    who: 'logistician',
    path: '/logistician/invoices',
    waitFor: '.mantine-datatable-row, [data-testid^="parcel-"]',
  },
  {
    name: 'logistician-invoice-modal',
    who: 'logistician',
    path: '/logistician/invoices',
    waitFor: '.mantine-datatable-row, [data-testid^="parcel-"]',
    isViewportOnly: true,
    then: async (p) => {
      await p
        .getByRole('checkbox', { name: /^Выбрать посылку № / })
        .first()
        .check();
      await p.getByRole('button', { name: /^Выставить счета/ }).click();
      await p.getByTestId('invoice-parcels').waitFor();
    },
  },
  { name: 'logistician-pvz', who: 'logistician', path: '/logistician/pvz', waitFor: '[data-testid="points-sync"]' },
  { name: 'logistician-boxberry', who: 'logistician', path: '/logistician/settings/boxberry', waitFor: '[data-testid="demo-mode"]' },
  { name: 'logistician-price-list', who: 'logistician', path: '/logistician/settings/price-list', waitFor: 'table' },
  { name: 'bonus-client', who: 'client', path: '/personal/bonus', waitFor: '[data-testid="bonus-history"]' },
  {
    name: 'unpaid-bonus-spend',
    who: 'client',
    path: '/personal/orders/unpaid',
    waitFor: '[data-testid="bonus-spend"]',
    then: async (p) => {
      await p.getByRole('switch', { name: 'Списать бонусы' }).click();
      await p.getByLabel('Сколько списать, ₽').waitFor();
    },
  },
  { name: 'bonus-settings', who: 'admin', path: '/admin/bonus/settings', waitFor: 'form' },
  { name: 'bonus-exception-purchases', who: 'admin', path: '/admin/bonus/exception', waitFor: '.mantine-datatable-row' },
  { name: 'bonus-exception-clients', who: 'admin', path: '/admin/bonus/exception?tab=clients', waitFor: '.mantine-datatable-row' },
  {
    name: 'telegram-scheduler',
    who: 'admin',
    path: '/admin/telegram-scheduler',
    waitFor: '.mantine-datatable-row',
  },
  {
    name: 'telegram-statistics',
    who: 'admin',
    path: '/admin/telegram-scheduler/statistics',
    waitFor: '.mantine-datatable-row',
    then: async (p) => {
      await p.getByLabel('Подписчики бота по дням').waitFor();
    },
  },
  {
    name: 'report-clients',
    who: 'admin',
    path: '/admin/report/clients?sort=paidKopecks',
    waitFor: '.mantine-datatable-row',
    then: async (p) => {
      await p.getByLabel('Оплачено по неделям').waitFor();
    },
  },
];

/**
 * Waits until no CSS transition or finite animation runs (a collapse opening, a drawer sliding in), so
 * the picture is of the settled page; endless ones (a loader's spin) never settle and are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * The payment pages need payments: a new client of its own with a transfer started and another order
 * to pay, and an order paid online by its link. Made through the API, leaving the demo data alone.
 */
async function paymentShots(page: Page): Promise<Shot[]> {
  const admin = await apiAs(page.request, 'admin');
  const client = await signUpClient(page, { name: 'Вера', surname: 'Никитина' });
  const cards = await admin<{ id: string; isActive: boolean; sbpPhone: string | null }[]>('GET', '/cards');
  const card = cards.find((c) => c.isActive && c.sbpPhone) ?? cards.find((c) => c.isActive)!;
  const guestPhone = uniquePhone('7929');
  const yarn = await payablePurchase(admin, {
    title: 'Пряжа и спицы — весна',
    fee: 12,
    cardId: card.id,
    orders: [
      {
        phone: client.phone,
        clientName: 'Никитина Вера',
        lines: [
          { product: 'Пряжа «Альпака», 100 г', quantity: 6, unitPriceKopecks: 41990 },
          { product: 'Спицы круговые 4 мм', quantity: 1, unitPriceKopecks: 52000 },
        ],
      },
    ],
  });
  const tea = await payablePurchase(admin, {
    title: 'Чай и кофе из Краснодара',
    fee: 10,
    orders: [
      {
        phone: client.phone,
        clientName: 'Никитина Вера',
        lines: [{ product: 'Чай чёрный крупнолистовой', quantity: 2, unitPriceKopecks: 38050 }],
      },
      { phone: guestPhone, clientName: 'Никитин Олег', lines: [{ product: 'Кофе в зёрнах, 1 кг', quantity: 1, unitPriceKopecks: 189900 }] },
    ],
  });
  await client.api('POST', '/payments', { orderIds: [yarn.orders[0]!.id], method: 'transfer' });

  // A relative pays the guest's order by its link: the sandbox page, then the result once paid.
  const guestOrder = tea.orders[1]!;
  const started = await admin<{ payments: { id: string }[]; redirectUrl: string }>('POST', '/payments/by-link', {
    orderId: guestOrder.id,
    method: 'sbp',
  });
  const paymentId = started.payments[0]!.id;
  const onCheck = await admin<{ items: { id: string }[] }>('GET', '/payments?status=awaiting_check&pageSize=1');

  const payer = { phone: client.phone, password: client.password };
  return [
    {
      name: 'unpaid-transfer',
      who: payer,
      path: '/personal/orders/unpaid',
      waitFor: '[data-testid="open-payment"]',
      then: async (p) => {
        await p.getByRole('button', { name: 'Продолжить' }).click();
        await p.getByTestId('transfer-details').waitFor();
      },
    },
    { name: 'sandbox-payment', who: 'guest', path: started.redirectUrl, waitFor: '[data-testid="sandbox-amount"]' },
    {
      name: 'payment-result',
      who: 'guest',
      path: `/payment-result?payment=${paymentId}`,
      waitFor: '[data-testid="payment-result"]',
      then: async (p) => {
        await p.request.post(`/api/payments/sandbox/${started.redirectUrl.split('/').pop()}`, { data: { decision: 'pay' } });
        await p.getByRole('heading', { name: 'Оплата прошла' }).waitFor();
      },
    },
    { name: 'order', who: 'guest', path: `/order/${tea.orders[0]!.id}`, waitFor: '[data-testid="order-card"]' },
    {
      name: 'admin-payment-card',
      who: 'admin',
      path: `/admin/payments/check?payment=${onCheck.items[0]?.id ?? paymentId}`,
      waitFor: '[data-testid="payment-details"]',
      isViewportOnly: true,
      then: async (p) => {
        if (onCheck.items[0]) await p.getByTestId('payment-details').getByTestId('receipt-preview').waitFor();
      },
    },
  ];
}

/**
 * The hand-calculation page with a history: a table applied through the API for a client of the
 * shot's own, and a second one checked on the page, one row with an error, so the preview shows too.
 */
async function bonusShots(page: Page): Promise<Shot[]> {
  const client = await signUpClient(page, { name: 'Лидия', surname: 'Орлова' });
  const signin = await page.request.post('/api/auth/signin', { data: { phone: '79000000001', password: DEMO_PASSWORD } });
  const { accessToken } = (await signin.json()) as { accessToken: string };
  const applied = await page.request.post('/api/bonus/uploads', {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: {
      file: { name: 'бонусы-к-празднику.csv', mimeType: 'text/csv', buffer: Buffer.from(`+${client.phone};250;К празднику\n`) },
    },
  });
  if (!applied.ok()) throw new Error(`upload: ${applied.status()} ${await applied.text()}`);
  const table = `Телефон;Сумма;Комментарий\n+${client.phone};150;Отзыв о закупке\n+7 900 000-00-4;сто;Опечатка\n`;
  return [
    {
      name: 'bonus-hand-calculation',
      who: 'admin',
      path: '/admin/bonus/hand-calculation',
      waitFor: '.mantine-datatable-row',
      then: async (p) => {
        const [chooser] = await Promise.all([p.waitForEvent('filechooser'), p.getByRole('button', { name: 'Выбрать файл' }).click()]);
        await chooser.setFiles({ name: 'отзывы.csv', mimeType: 'text/csv', buffer: Buffer.from(table) });
        await p.getByRole('button', { name: 'Проверить' }).click();
        await p.getByTestId('upload-preview').waitFor();
      },
    },
  ];
}

/** Screenshots for people to look at (e2e/.artifacts/screenshots); they assert only that pages render. */
for (const size of widths) {
  test(`key pages at ${size.name} width`, async ({ page }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const shot of [...shots, ...(await paymentShots(page)), ...(await bonusShots(page))]) {
      if (shot.who === 'guest') {
        await page.evaluate(() => localStorage.clear()).catch(() => {});
        await page.goto(shot.path);
      } else if (typeof shot.who === 'object') {
        await signInWithPhone(page, shot.who.phone, shot.who.password, shot.path);
      } else {
        await signInAs(page, shot.who, shot.path);
      }
      await page.locator(shot.waitFor).first().waitFor();
      await shot.then?.(page);
      await page.waitForLoadState('networkidle');
      await settled(page);
      await page.screenshot({ path: `e2e/.artifacts/screenshots/${shot.name}-${size.name}.png`, fullPage: !shot.isViewportOnly });
    }
  });
}
