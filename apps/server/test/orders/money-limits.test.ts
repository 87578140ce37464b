import { MAX_ORDER_LINES, orderLineTextLimits, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';
import {
  countOrderRows,
  createPurchase,
  csvOf,
  IMPORT_HEADER,
  importFile,
  type ImportResultJson,
  type OrderJson,
  type PurchaseJson,
  walkTo,
} from '../fixtures/purchases-kit.js';

/** The price: 90 071 992 547 409 kopecks, past which a total no longer fits a double. */
const HUGE_PRICE_KOPECKS = 90_071_992_547_409;
const HUGE_PRICE_CELL = '900719925474,09';
const PRICE_LIMIT_ERROR = 'цена — не больше 1\u00a0000\u00a0000,00\u00a0₽';

let ctx: TestContext;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

async function openPurchase(body: Record<string, unknown> = {}): Promise<PurchaseJson> {
  const purchase = await createPurchase(ctx.app, admin, { title: 'Пределы', ...body });
  await walkTo(ctx.app, admin, purchase.id, 'open');
  return purchase;
}

function createOrder(purchaseId: string, phone: string, lines: Record<string, unknown>[]) {
  return callUnchecked(ctx.app, endpoints.orders.create, { headers: admin, body: { purchaseId, phone, lines } });
}

async function newOrder(purchaseId: string, phone: string, lines: Record<string, unknown>[]): Promise<OrderJson> {
  const res = await createOrder(purchaseId, phone, lines);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderJson>();
}

/** Whatever was refused, every page that reads orders keeps answering. */
async function expectListsAnswer(order: OrderJson) {
  for (const url of ['/api/purchases', '/api/orders', `/api/orders/${order.id}`]) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  }
  const publicPage = await call(ctx.app, endpoints.orders.getByLink, { params: { id: order.id } });
  expect(publicPage.statusCode, publicPage.body).toBe(200);
}

describe('the price of one unit', () => {
  it('refuses the 90 071 992 547 409-kopeck price in the import preview, the import and a hand edit, saving nothing', async () => {
    const purchase = await openPurchase();
    const order = await newOrder(purchase.id, '79001230001', [{ product: 'Свеча', quantity: 2, unitPriceKopecks: 50000 }]);
    const before = await countOrderRows(ctx);
    const csv = csvOf([IMPORT_HEADER, ['79001230002', 'Анна', 'Шуба', '', '', '1', HUGE_PRICE_CELL]]);

    const preview = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ImportResultJson>()).toMatchObject({ errorsCount: 1, orders: [], rows: [{ errors: [PRICE_LIMIT_ERROR] }] });

    const apply = await importFile(ctx.app, admin, purchase.id, csv);
    expectError(apply, 400, { message: /строка 2: цена — не больше/, field: 'file' });

    const patch = await call(ctx.app, endpoints.orders.update, {
      params: { id: order.id },
      headers: admin,
      body: { lines: [{ product: 'Свеча', quantity: 1, unitPriceKopecks: HUGE_PRICE_KOPECKS }] },
    });
    expectError(patch, 400, { message: 'Цена — не больше 1\u00a0000\u00a0000,00\u00a0₽', field: 'lines.0.unitPriceKopecks' });

    expect(await countOrderRows(ctx)).toEqual(before);
    const stored = await call(ctx.app, endpoints.orders.getByLink, { params: { id: order.id }, headers: admin });
    expect(stored.json<OrderJson>()).toMatchObject({ goodsKopecks: 100000, lines: [{ quantity: 2, unitPriceKopecks: 50000 }] });
    await expectListsAnswer(order);
  });

  it('takes a price of exactly 1 000 000 ₽ and the most units of a line', async () => {
    const purchase = await openPurchase();
    const order = await newOrder(purchase.id, '79001230003', [{ product: 'Рояль', quantity: 10, unitPriceKopecks: 100_000_000 }]);
    expect(order).toMatchObject({ goodsKopecks: 1_000_000_000, totalKopecks: 1_000_000_000 });
    const csv = csvOf([IMPORT_HEADER, ['79001230004', '', 'Скрепка', '', '', '10000', '1']]);
    const apply = await importFile(ctx.app, admin, purchase.id, csv);
    expect(apply.statusCode, apply.body).toBe(200);
  });
});

describe('the total of one order', () => {
  it('refuses every row of a client whose order in the file passes 10 000 000 ₽, in the preview and on apply', async () => {
    const purchase = await openPurchase();
    const before = await countOrderRows(ctx);
    const csv = csvOf([
      IMPORT_HEADER,
      ['79001230011', '', 'Рояль', '', '', '6', '1000000'],
      ['79001230011', '', 'Арфа', '', '', '5', '1000000'],
      ['79001230012', '', 'Свеча', '', '', '1', '100'],
    ]);
    const preview = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json<ImportResultJson>();
    expect(result.errorsCount).toBe(2);
    expect(result.rows.map((r) => r.errors.length)).toEqual([1, 1, 0]);
    expect(result.rows[0]!.errors[0]).toMatch(/^заказ дороже 10\u00a0000\u00a0000,00\u00a0₽/);
    expect(result.orders.map((o) => o.phone)).toEqual(['79001230012']);

    const apply = await importFile(ctx.app, admin, purchase.id, csv);
    expectError(apply, 400, { message: /строка 2: заказ дороже/, field: 'file' });
    expect(await countOrderRows(ctx)).toEqual(before);
  });

  it('refuses a hand-made order whose fee takes it past the limit, and a new fee that would', async () => {
    const purchase = await openPurchase({ organizerFeePercent: 10 });
    const before = await countOrderRows(ctx);
    const overByFee = await createOrder(purchase.id, '79001230021', [{ product: 'Рояль', quantity: 95, unitPriceKopecks: 10_000_000 }]);
    expectError(overByFee, 400, { message: /вместе с наценкой/ });
    expect(await countOrderRows(ctx)).toEqual(before);

    const order = await newOrder(purchase.id, '79001230021', [{ product: 'Рояль', quantity: 90, unitPriceKopecks: 10_000_000 }]);
    expect(order.totalKopecks).toBe(990_000_000);
    const fee = await call(ctx.app, endpoints.purchases.update, {
      params: { id: purchase.id },
      headers: admin,
      body: { organizerFeePercent: 20 },
    });
    expectError(fee, 400, { message: new RegExp(`Заказ № ${order.number} стал бы`) });
    const stored = await call(ctx.app, endpoints.orders.getByLink, { params: { id: order.id }, headers: admin });
    expect(stored.json<OrderJson>()).toMatchObject({ organizerFeePercent: 10, totalKopecks: 990_000_000 });
    await expectListsAnswer(order);
  });

  it('refuses, in the preview and on apply, an import that would take an existing order past the limit', async () => {
    const purchase = await openPurchase();
    await newOrder(purchase.id, '79001230031', [{ product: 'Рояль', quantity: 6, unitPriceKopecks: 100_000_000 }]);
    const before = await countOrderRows(ctx);
    const csv = csvOf([IMPORT_HEADER, ['79001230031', '', 'Арфа', '', '', '5', '1000000']]);
    const preview = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(preview.json<ImportResultJson>().rows[0]!.errors).toEqual([
      expect.stringMatching(/^заказ дороже 10\u00a0000\u00a0000,00\u00a0₽/),
    ]);
    expectError(await importFile(ctx.app, admin, purchase.id, csv), 400, { message: /строка 2: заказ дороже/ });
    expect(await countOrderRows(ctx)).toEqual(before);

    // The same line again takes the file's quantity rather than adding to it: within the limit.
    const again = csvOf([IMPORT_HEADER, ['79001230031', '', 'Рояль', '', '', '10', '1000000']]);
    const applied = await importFile(ctx.app, admin, purchase.id, again);
    expect(applied.statusCode, applied.body).toBe(200);
  });

  it(`refuses more than ${MAX_ORDER_LINES} lines in one order`, async () => {
    const purchase = await openPurchase();
    const rows = Array.from({ length: MAX_ORDER_LINES + 1 }, (_, i) => ['79001230041', '', `Товар ${i}`, '', '', '1', '1']);
    const preview = await importFile(ctx.app, admin, purchase.id, csvOf([IMPORT_HEADER, ...rows]), { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ImportResultJson>().rows[0]!.errors).toEqual(['в заказе клиента было бы больше 1\u00a0000 строк']);
    const lines = rows.map((r) => ({ product: r[2], quantity: 1, unitPriceKopecks: 100 }));
    expectError(await createOrder(purchase.id, '79001230041', lines), 400, { field: 'lines' });
  });
});

describe('long text of 4-byte characters', () => {
  const longest = {
    product: '𝕏'.repeat(orderLineTextLimits.product),
    article: '𝕏'.repeat(orderLineTextLimits.article),
    options: '𝕏'.repeat(orderLineTextLimits.options),
  };

  it('stores the longest product, article and options through the import and a hand-made order', async () => {
    const purchase = await openPurchase();
    const csv = csvOf([IMPORT_HEADER, ['79001230051', '', longest.product, longest.article, longest.options, '1', '10']]);
    const preview = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(preview.json<ImportResultJson>().errorsCount).toBe(0);
    const apply = await importFile(ctx.app, admin, purchase.id, csv);
    expect(apply.statusCode, apply.body).toBe(200);

    const order = await newOrder(purchase.id, '79001230052', [{ ...longest, quantity: 1, unitPriceKopecks: 1000 }]);
    expect(order.lines[0]).toMatchObject(longest);
  });

  it('refuses one character more as a row error and a 400, never a 500', async () => {
    const purchase = await openPurchase();
    const before = await countOrderRows(ctx);
    const tooLong = '𝕏'.repeat(1000);
    const csv = csvOf([IMPORT_HEADER, ['79001230061', '𝕏'.repeat(201), tooLong, `${longest.article}𝕏`, '', '1', '10']]);
    const preview = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(preview.json<ImportResultJson>().rows[0]!.errors).toEqual([
      `товар — не больше ${orderLineTextLimits.product} символов`,
      `артикул — не больше ${orderLineTextLimits.article} символов`,
      `ФИО — не больше ${orderLineTextLimits.clientName} символов`,
    ]);
    expectError(await importFile(ctx.app, admin, purchase.id, csv), 400, { field: 'file' });

    const hand = await createOrder(purchase.id, '79001230062', [
      { ...longest, product: `${longest.product}𝕏`, quantity: 1, unitPriceKopecks: 1000 },
    ]);
    expectError(hand, 400, { message: `Товар — не больше ${orderLineTextLimits.product} символов`, field: 'lines.0.product' });
    expect(await countOrderRows(ctx)).toEqual(before);
  });
});
