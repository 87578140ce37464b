import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import {
  type Api,
  apiAs,
  type CreatedOrder,
  expect,
  payablePurchase,
  signInAs,
  signInWithPhone,
  signUpClient,
  test,
  uniquePhone,
} from './fixtures';

// A 2×2 PNG: the server checks a receipt by its content.
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** Money as the app writes it, `1 234,56 ₽`, with any space character between the groups and before the sign. */
function rub(kopecks: number): RegExp {
  const whole = String(Math.trunc(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const text = `${whole},${String(kopecks % 100).padStart(2, '0')} ₽`;
  return new RegExp(text.replace(/ /g, '\\s'));
}

let stampSequence = 0;
/** Titles no other run or test uses: tests share one database. */
function stamp(): string {
  stampSequence += 1;
  return `${Date.now() % 1_000_000}-${stampSequence}`;
}

/** A card for transfers of the test's own, told apart from the demo cards by its holder. */
async function transferCard(admin: Api): Promise<{ id: string }> {
  return admin<{ id: string }>('POST', '/cards', {
    bank: 'Альфа-Банк',
    holderName: 'Ковалёва Дарья Олеговна',
    number: '5555 5555 5555 4444',
    sbpPhone: null,
  });
}

async function uploadReceipt(page: Page, name: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Загрузить чек' }).click()]);
  await chooser.setFiles({ name, mimeType: 'image/png', buffer: RECEIPT_PNG });
}

/** The number of the client's started payment, as its card says: «Оплата № 12 · Переводом на карту». */
async function openPaymentNumber(page: Page): Promise<number> {
  const title = page.getByTestId('open-payment').getByText(/^Оплата № \d+ ·/);
  await expect(title).toBeVisible();
  return Number(/№ (\d+)/.exec((await title.textContent()) ?? '')?.[1]);
}

test('a client pays two orders online through the test provider and sees the result', async ({ page }) => {
  const admin = await apiAs(page.request, 'admin');
  const client = await signUpClient(page, { name: 'Тамара', surname: 'Зайцева' });
  const run = stamp();
  const stationery = await payablePurchase(admin, {
    title: `Канцелярия ${run}`,
    fee: 10,
    orders: [
      { phone: client.phone, clientName: 'Зайцева Тамара', lines: [{ product: 'Тетрадь 48 листов', quantity: 3, unitPriceKopecks: 8990 }] },
    ],
  });
  const books = await payablePurchase(admin, {
    title: `Книги ${run}`,
    fee: 0,
    orders: [
      { phone: client.phone, clientName: 'Зайцева Тамара', lines: [{ product: 'Атлас мира', quantity: 1, unitPriceKopecks: 124950 }] },
    ],
  });
  const orders = [stationery.orders[0]!, books.orders[0]!];
  const total = orders.reduce((sum, o) => sum + o.totalKopecks, 0);

  await signInWithPhone(page, client.phone, client.password, '/personal/orders/unpaid');
  await expect(page.getByTestId('order-card')).toHaveCount(2);
  await expect(page.getByTestId('selected-sum')).toContainText('Выбрано 2 заказа на');
  await expect(page.getByTestId('selected-sum')).toContainText(rub(total));
  await expect(page.getByRole('radio', { name: /Картой онлайн/ })).toBeChecked();
  await page.getByRole('form', { name: 'Оплата' }).getByRole('button', { name: 'Оплатить' }).click();

  // The sandbox stands in for the bank's page.
  await expect(page).toHaveURL(/\/sandbox-payment\/sb_[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Тестовая оплата', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sandbox-amount')).toHaveText(rub(total));
  await page.getByRole('button', { name: 'Оплатить' }).click();

  await expect(page).toHaveURL(/\/payment-result\?payment=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Результат оплаты', level: 1 })).toBeVisible();
  const result = page.getByTestId('payment-result');
  await expect(result.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();
  await expect(result).toContainText('Картой онлайн');
  await expect(result).toContainText(rub(total));
  for (const order of orders) await expect(result).toContainText(`Заказ № ${order.number}`);
  await expect(result).toContainText('Заказы оплачены');

  await result.getByRole('link', { name: 'Мои заказы' }).click();
  await expect(page).toHaveURL(/\/personal\/orders\/paid$/);
  for (const title of [stationery.title, books.title]) {
    await expect(page.getByTestId('order-card').filter({ hasText: title })).toContainText('Оплачен');
  }
  await page.goto('/personal/orders/unpaid');
  await expect(page.getByText('Всё оплачено.')).toBeVisible();
  await expect(page.getByTestId('order-card')).toHaveCount(0);
});

test('a transfer to the card: receipt rejected with a reason, paid again, confirmed by the admin', async ({ page, browser }) => {
  // Two people and two receipts: the longest journey here gets room on a slow, loaded machine.
  test.slow();
  const admin = await apiAs(page.request, 'admin');
  const client = await signUpClient(page, { name: 'Галина', surname: 'Осипова' });
  const card = await transferCard(admin);
  const purchase = await payablePurchase(admin, {
    title: `Пряжа ${stamp()}`,
    fee: 12.5,
    cardId: card.id,
    orders: [
      { phone: client.phone, clientName: 'Осипова Галина', lines: [{ product: 'Пряжа «Мохер»', quantity: 4, unitPriceKopecks: 31575 }] },
    ],
  });
  const order = purchase.orders[0]!;
  const reason = 'В чеке другая сумма';

  await signInWithPhone(page, client.phone, client.password, '/personal/orders/unpaid');
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await page.getByRole('radio', { name: /Переводом на карту/ }).check();
  await page.getByRole('form', { name: 'Оплата' }).getByRole('button', { name: 'Оплатить' }).click();
  const details = page.getByTestId('transfer-details');
  await expect(details).toBeVisible();
  await expect(details).toContainText('5555 5555 5555 4444');
  await expect(details).toContainText('Альфа-Банк');
  await expect(details).toContainText('Ковалёва Дарья Олеговна');
  await expect(details).toContainText(rub(order.totalKopecks));
  await expect(details).toContainText(`Заказ №${order.number}`);
  const firstNumber = await openPaymentNumber(page);
  await uploadReceipt(page, 'чек.png');
  await expect(page.getByTestId('open-payment')).toContainText('Чек на проверке');

  // The admin rejects the receipt with a reason.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, 'admin', '/admin/payments/to-card');
  await expect(adminPage.getByRole('heading', { name: 'Проверка чеков', level: 1 })).toBeVisible();
  let check = adminPage.getByRole('region', { name: `Чек оплаты № ${firstNumber}`, exact: true });
  await expect(check.getByTestId('expected-amount')).toHaveText(rub(order.totalKopecks));
  await expect(check).toContainText(`Заказ №${order.number}`);
  await expect(check.getByRole('img', { name: `Чек оплаты № ${firstNumber}` })).toBeVisible();
  await check.getByRole('button', { name: 'Отклонить' }).click();
  const rejectDialog = adminPage.getByRole('dialog', { name: `Отклонить чек оплаты № ${firstNumber}` });
  await rejectDialog.getByRole('button', { name: 'Отклонить' }).click();
  await expect(rejectDialog.getByText('Укажите причину, клиент её увидит')).toBeVisible();
  await rejectDialog.getByRole('textbox', { name: 'Причина' }).fill(reason);
  await rejectDialog.getByRole('button', { name: 'Отклонить' }).click();
  await expect(rejectDialog).toBeHidden();
  await expect(check).toBeHidden();

  // The client reads why and pays again.
  await page.reload();
  const orderCard = page.getByTestId('order-card').filter({ hasText: `Заказ № ${order.number}` });
  await expect(orderCard.getByTestId('payment-problem')).toContainText('Чек отклонён');
  await expect(orderCard.getByTestId('payment-problem')).toContainText(`${reason}. Оплатите заказ снова.`);
  await expect(orderCard.getByRole('checkbox', { name: `Выбрать заказ № ${order.number}` })).toBeChecked();
  await expect(page.getByTestId('selected-sum')).toContainText(rub(order.totalKopecks));
  await page.getByRole('radio', { name: /Переводом на карту/ }).check();
  await page.getByRole('form', { name: 'Оплата' }).getByRole('button', { name: 'Оплатить' }).click();
  await expect(page.getByTestId('transfer-details')).toContainText(`Заказ №${order.number}`);
  const secondNumber = await openPaymentNumber(page);
  expect(secondNumber).not.toBe(firstNumber);
  await uploadReceipt(page, 'чек-2.png');
  await expect(page.getByTestId('open-payment')).toContainText('Чек на проверке');
  await expect(page.getByTestId('payment-problem')).toHaveCount(0);

  // The admin confirms the new receipt.
  await adminPage.reload();
  check = adminPage.getByRole('region', { name: `Чек оплаты № ${secondNumber}`, exact: true });
  await expect(check.getByTestId('expected-amount')).toHaveText(rub(order.totalKopecks));
  await check.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(check).toBeHidden();
  await adminContext.close();

  await page.reload();
  await expect(page.getByText('Всё оплачено.')).toBeVisible();
  await page.goto('/personal/orders/paid');
  await expect(page.getByTestId('order-card').filter({ hasText: purchase.title })).toContainText('Оплачен');
});

test('the admin records a cash payment and refunds it: the order is due again', async ({ page }) => {
  const admin = await apiAs(page.request, 'admin');
  const phone = uniquePhone('7927');
  const purchase = await payablePurchase(admin, {
    title: `Чай ${stamp()}`,
    fee: 15,
    orders: [{ phone, clientName: 'Белова Ирина', lines: [{ product: 'Чай улун', quantity: 2, unitPriceKopecks: 65050 }] }],
  });
  const order = purchase.orders[0]!;

  await signInAs(page, 'admin', '/admin/payments/check');
  await expect(page.getByRole('heading', { name: 'Оплаты', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Оплата наличными' }).click();
  const cash = page.getByRole('dialog', { name: 'Оплата наличными' });
  await cash.getByRole('textbox', { name: 'Телефон клиента' }).fill(phone);
  await cash.getByRole('button', { name: `Заказ № ${order.number}`, exact: true }).click();
  await expect(cash.getByTestId('cash-due')).toHaveText(new RegExp(`Принять ${rub(order.totalKopecks).source}`));
  await cash.getByRole('button', { name: 'Подтвердить оплату' }).click();
  await expect(cash).toBeHidden();

  // The payment's card opens by itself.
  const drawer = page.getByRole('dialog', { name: /^Оплата № \d+$/ });
  const details = drawer.getByTestId('payment-details');
  await expect(details).toContainText('Оплачен');
  await expect(details).toContainText('Наличными');
  await expect(details).toContainText(`№ ${order.number}`);
  await expect(details.getByTestId('payment-history')).toContainText('Оплата наличными');
  const paymentNumber = /\d+/.exec((await drawer.getByRole('heading', { name: /^Оплата № / }).textContent()) ?? '')?.[0];

  await details.getByRole('button', { name: 'Вернуть' }).click();
  const refund = page.getByRole('dialog', { name: new RegExp(`^Вернуть ${rub(order.totalKopecks).source} по оплате № ${paymentNumber}$`) });
  await expect(refund).toBeVisible();
  await refund.getByRole('textbox', { name: 'Комментарий' }).fill('Клиент отказался от заказа при выдаче');
  await refund.getByRole('button', { name: 'Вернуть' }).click();
  await expect(refund).toBeHidden();
  await expect(details).toContainText('Возвращён');
  await expect(details).toContainText(/возвращено/);
  await expect(details.getByTestId('payment-history')).toContainText('Клиент отказался от заказа при выдаче');
  await expect(details.getByRole('button', { name: 'Вернуть' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Открыть оплату № ${paymentNumber}`, exact: true }) });
  await expect(row).toContainText('Возвращён');

  // The order owes its whole sum again.
  await page.goto(`/order/${order.id}`);
  const orderCard = page.getByTestId('order-card');
  await expect(orderCard).toContainText('Не оплачен');
  await expect(orderCard).toContainText(new RegExp(`К оплате${rub(order.totalKopecks).source}`));
});

test('the admin exports a purchase to XLSX: each order with its sums and payments', async ({ page }) => {
  const admin = await apiAs(page.request, 'admin');
  const purchase = await payablePurchase(admin, {
    title: `Игрушки выгрузка ${stamp()}`,
    fee: 10,
    orders: [
      { phone: uniquePhone('7928'), clientName: 'Ершова Алла', lines: [{ product: 'Пазл 1000', quantity: 1, unitPriceKopecks: 123456 }] },
      { phone: uniquePhone('7928'), clientName: 'Фомин Глеб', lines: [{ product: 'Мяч', quantity: 2, unitPriceKopecks: 39990 }] },
    ],
  });
  const [paid, unpaid] = purchase.orders as [CreatedOrder, CreatedOrder];
  await admin('POST', '/payments/cash', { orderId: paid.id });

  await signInAs(page, 'admin', '/admin/payments/export-payment');
  await expect(page.getByRole('heading', { name: 'Выгрузка оплаты', level: 1 })).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Закупка' });
  await select.fill(purchase.title);
  await page.getByRole('option', { name: purchase.title, exact: true }).click();
  await expect(select).toHaveValue(purchase.title);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Выгрузить в Excel' }).click()]);
  expect(download.suggestedFilename()).toBe(`Оплаты — ${purchase.title}.xlsx`);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('Заказы');
  expect(sheet).toBeDefined();
  const header = (sheet!.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([
    'Заказ №',
    'Клиент',
    'Телефон',
    'Товары',
    'Оргсбор',
    'Итого',
    'Оплачено',
    'К оплате',
    'Способы оплаты',
    'Даты оплаты',
  ]);
  const rows = new Map<number, unknown[]>();
  sheet!.eachRow((row, index) => {
    if (index > 1) rows.set(Number(row.getCell(1).value), (row.values as unknown[]).slice(1));
  });
  expect([...rows.keys()].sort()).toEqual([paid.number, unpaid.number].sort());
  const today = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date());

  const paidRow = rows.get(paid.number)!;
  expect(paidRow.slice(0, 2)).toEqual([paid.number, 'Ершова Алла']);
  expect(paidRow.slice(3, 10)).toEqual([
    paid.goodsKopecks / 100,
    paid.organizerFeeKopecks / 100,
    paid.totalKopecks / 100,
    paid.totalKopecks / 100,
    0,
    'Наличными',
    today,
  ]);
  // 1 234,56 + 10 % = 1 358,02.
  expect(paid.totalKopecks).toBe(135802);

  const unpaidRow = rows.get(unpaid.number)!;
  expect(unpaidRow.slice(0, 2)).toEqual([unpaid.number, 'Фомин Глеб']);
  expect(unpaidRow.slice(5, 8)).toEqual([unpaid.totalKopecks / 100, 0, unpaid.totalKopecks / 100]);
  expect(unpaidRow[8] ?? '').toBe('');
});
