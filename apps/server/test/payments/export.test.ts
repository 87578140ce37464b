import { type AdminPayment, formatPhone, type PaymentPage, endpoints } from '@vmeste/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';
import { listOrdersOf, type OrderJson, type PurchaseJson, walkTo } from '../fixtures/purchases-kit.js';
import { adminActionOk, createCard, goods, paySandbox, purchaseWithOrders, recordCash, setCreatedAt } from '../fixtures/payments-kit.js';

/**
 * The XLSX exports, read back with ExcelJS as a spreadsheet program would: the header, money as
 * numbers in a ruble format, the frozen header row, and every value equal to what the JSON API says.
 */

const RUB_FORMAT = /₽/;
let ctx: TestContext;
let admin: Headers;
let client: Headers;
let purchase: PurchaseJson;
let orders: OrderJson[];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
  const card = await createCard(ctx.app, admin);
  const made = await purchaseWithOrders(ctx.app, admin, {
    title: 'Текстиль «Иваново»',
    fee: 12.5,
    cardId: card.id,
    orders: [
      { phone: demoPhones.client, clientName: 'Иванова Мария', lines: [{ product: 'Простыня', quantity: 3, unitPriceKopecks: 45_050 }] },
      { phone: '79001112233', clientName: 'Петров Пётр', lines: goods(99_999) },
      { phone: '79005556677', clientName: 'Орлова Ольга', lines: goods(1_001) },
      { phone: '79007778899', clientName: 'Сидоров Сидор', lines: goods(50_000) },
    ],
  });
  purchase = made.purchase;
  const [maria, peter, olga] = made.orders as [OrderJson, OrderJson, OrderJson, OrderJson];
  // Maria pays online, then the order grows and she pays the rest in cash: two methods, two dates.
  await paySandbox(ctx.app, client, [maria.id]);
  const grown = await call(ctx.app, endpoints.orders.update, {
    params: { id: maria.id },
    headers: admin,
    body: { lines: [{ product: 'Простыня', quantity: 4, unitPriceKopecks: 45_050 }] },
  });
  expect(grown.statusCode, grown.body).toBe(200);
  expect((await recordCash(ctx.app, admin, maria.id)).statusCode).toBe(201);
  // Peter pays in cash; Olga's transfer (by the order's link) waits for its receipt; Sidor has not paid.
  expect((await recordCash(ctx.app, admin, peter.id)).statusCode).toBe(201);
  const olgaPay = await call(ctx.app, endpoints.payments.payByLink, { body: { orderId: olga.id, method: 'transfer' } });
  expect(olgaPay.statusCode, olgaPay.body).toBe(201);
  orders = await listOrdersOf(ctx.app, admin, purchase.id);
});
afterAll(() => ctx.close());

async function download(query: string) {
  const res = await callUnchecked(ctx.app, endpoints.payments.export, { query, headers: admin });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return { res, sheet: workbook.worksheets[0]! };
}

function headerOf(sheet: ExcelJS.Worksheet): string[] {
  return (sheet.getRow(1).values as unknown[]).slice(1).map(String);
}

function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.Row[] {
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(row);
  });
  return rows;
}

function expectMoney(cell: ExcelJS.Cell, kopecks: number) {
  expect(typeof cell.value, `${cell.address} is a number`).toBe('number');
  expect(cell.value).toBe(kopecks / 100);
  expect(cell.numFmt, `${cell.address} format`).toMatch(RUB_FORMAT);
}

function expectFrozenHeader(sheet: ExcelJS.Worksheet) {
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.getRow(1).font?.bold).toBe(true);
}

const moscowDay = (iso: string) => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date(iso));

describe('export of one purchase', () => {
  it('every live order with its money, methods and payment dates', async () => {
    const { res, sheet } = await download(`purchaseId=${purchase.id}`);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`Оплаты — ${purchase.title}.xlsx`)}`);
    expectFrozenHeader(sheet);
    expect(sheet.name).toBe('Заказы');
    expect(headerOf(sheet)).toEqual([
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
    const rows = rowsOf(sheet);
    const live = orders.filter((o) => !o.isCanceled).sort((a, b) => a.number - b.number);
    expect(rows).toHaveLength(live.length);

    const paymentsRes = await call(ctx.app, endpoints.payments.list, {
      query: { purchaseId: purchase.id, pageSize: '100' },
      headers: admin,
    });
    const payments = paymentsRes.json<PaymentPage>().items;
    for (const [index, order] of live.entries()) {
      const row = rows[index]!;
      expect(row.getCell(1).value).toBe(order.number);
      expect(row.getCell(2).value).toBe(order.clientName);
      expect(row.getCell(3).value).toBe(formatPhone(order.phone));
      expectMoney(row.getCell(4), order.goodsKopecks);
      expectMoney(row.getCell(5), order.organizerFeeKopecks);
      expectMoney(row.getCell(6), order.totalKopecks);
      expectMoney(row.getCell(7), order.paidKopecks);
      expectMoney(row.getCell(8), order.dueKopecks);
      const paidBy = payments
        .filter((p) => p.status === 'succeeded' && p.items.some((i) => i.orderId === order.id))
        .sort((a, b) => (a.paidAt! < b.paidAt! ? -1 : 1));
      const titles = { card: 'Картой онлайн', sbp: 'СБП', transfer: 'Переводом на карту', cash: 'Наличными', bonus: 'Бонусами' };
      expect(row.getCell(9).value ?? '').toBe([...new Set(paidBy.map((p) => titles[p.method]))].join(', '));
      expect(row.getCell(10).value ?? '').toBe(paidBy.map((p) => moscowDay(p.paidAt!)).join(', '));
    }
    // Maria's order: online then cash.
    const maria = rows.find((r) => r.getCell(2).value === 'Иванова Мария')!;
    expect(maria.getCell(9).value).toBe('Картой онлайн, Наличными');
  });

  it('a canceled order is not in the export; an unknown purchase → 404', async () => {
    const other = await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: '79001230000', lines: goods(1_000) }] });
    await walkTo(ctx.app, admin, other.purchase.id, 'canceled');
    const { sheet } = await download(`purchaseId=${other.purchase.id}`);
    expect(rowsOf(sheet)).toHaveLength(0);
    expect(headerOf(sheet)[0]).toBe('Заказ №');
    expectError(
      await call(ctx.app, endpoints.payments.export, { query: { purchaseId: '00000000-0000-4000-8000-000000000000' }, headers: admin }),
      404,
      { message: 'Закупка не найдена' },
    );
  });
});

describe('export of a period', () => {
  it('every item of every payment created in the Moscow dates, with the JSON’s values', async () => {
    // Created at known moments around Moscow midnight; the export takes the 10th and the 11th of April.
    const { orders: fresh } = await purchaseWithOrders(ctx.app, admin, {
      title: 'Апрель',
      orders: [
        { phone: demoPhones.client, lines: goods(10_000) },
        { phone: '79004445566', lines: goods(25_050) },
      ],
    });
    const inside = await paySandbox(ctx.app, client, [fresh[0]!.id]);
    await setCreatedAt(ctx, inside.id, new Date('2026-04-09T21:00:00Z')); // 10 April, 00:00 in Moscow
    const refunded = await recordCash(ctx.app, admin, fresh[1]!.id);
    const refundedId = refunded.json<{ id: string }>().id;
    await adminActionOk(ctx.app, admin, refundedId, 'refund', { comment: 'Вернули' });
    await setCreatedAt(ctx, refundedId, new Date('2026-04-11T20:59:00Z')); // 11 April, 23:59 in Moscow
    // Everything made in beforeAll is "today", outside the period.

    const { res, sheet } = await download('from=2026-04-10&to=2026-04-11');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('Оплаты 2026-04-10 — 2026-04-11.xlsx'));
    expectFrozenHeader(sheet);
    expect(sheet.name).toBe('Платежи');
    expect(headerOf(sheet)).toEqual([
      'Платёж №',
      'Создан',
      'Оплачен',
      'Способ',
      'Статус',
      'Клиент',
      'Телефон',
      'Заказ №',
      'Закупка',
      'Сумма',
      'Возвращено',
    ]);
    const listed = await call(ctx.app, endpoints.payments.list, {
      query: { from: '2026-04-10', to: '2026-04-11', pageSize: '100' },
      headers: admin,
    });
    const payments = listed.json<PaymentPage>().items.sort((a, b) => a.number - b.number);
    expect(payments.map((p) => p.id)).toEqual([inside.id, refundedId]);
    const rows = rowsOf(sheet);
    const expected = payments.flatMap((p) => p.items.map((item) => ({ p, item })));
    expect(rows).toHaveLength(expected.length);
    const titles = { method: { card: 'Картой онлайн', sbp: 'СБП', transfer: 'Переводом на карту', cash: 'Наличными', bonus: 'Бонусами' } };
    const statusTitles: Partial<Record<AdminPayment['status'], string>> = { succeeded: 'Оплачен', refunded: 'Возвращён' };
    for (const [index, { p, item }] of expected.entries()) {
      const row = rows[index]!;
      expect(row.getCell(1).value).toBe(p.number);
      // Dates are written in Moscow time, as the books are kept.
      const created = row.getCell(2);
      expect(created.value).toEqual(new Date(new Date(p.createdAt).getTime() + 3 * 3600_000));
      expect(created.numFmt).toBe('dd.mm.yyyy hh:mm');
      expect(row.getCell(3).value).toEqual(p.paidAt ? new Date(new Date(p.paidAt).getTime() + 3 * 3600_000) : null);
      expect(row.getCell(4).value).toBe(titles.method[p.method]);
      expect(row.getCell(5).value).toBe(statusTitles[p.status]);
      expect(row.getCell(6).value ?? '').toBe(p.payer.name);
      expect(row.getCell(7).value).toBe(formatPhone(p.payer.phone));
      expect(row.getCell(8).value).toBe(item.orderNumber);
      expect(row.getCell(9).value).toBe(item.purchaseTitle);
      expectMoney(row.getCell(10), item.amountKopecks);
      expectMoney(row.getCell(11), item.refundedKopecks);
    }
    expect(rows[0]!.getCell(2).value).toEqual(new Date('2026-04-10T00:00:00Z'));
    expect(rows[1]!.getCell(11).value).toBe(250.5);
  });

  it('a period needs both ends in order; one of purchase or period is required', async () => {
    const get = (query: string) => callUnchecked(ctx.app, endpoints.payments.export, { query, headers: admin });
    expectError(await get(''), 400, { message: 'Выберите закупку или период', field: 'purchaseId' });
    expectError(await get('from=2026-04-10'), 400, { message: 'Выберите закупку или период' });
    expectError(await get('from=2026-04-12&to=2026-04-10'), 400, { message: 'Начало периода позже конца', field: 'from' });
    expectError(await call(ctx.app, endpoints.payments.export, { query: { purchaseId: purchase.id }, headers: client }), 403);
  });
});
