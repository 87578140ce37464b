import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { type Headers, NIL_UUID, call, callUnchecked } from '../fixtures/requests.js';
import {
  countOrderRows,
  createPurchase,
  csvOf,
  IMPORT_HEADER,
  importFile,
  listOrdersOf,
  type OrderJson,
  type PurchaseJson,
  walkTo,
} from '../fixtures/purchases-kit.js';

let ctx: TestContext;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

async function openPurchase(body: Record<string, unknown> = {}): Promise<PurchaseJson> {
  const purchase = await createPurchase(ctx.app, admin, { title: 'Заказы', ...body });
  await walkTo(ctx.app, admin, purchase.id, 'open');
  return purchase;
}

type Page = { items: OrderJson[]; total: number };
async function list(query: string): Promise<Page> {
  const res = await callUnchecked(ctx.app, endpoints.orders.list, { query, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

function createOrder(payload: Record<string, unknown>) {
  return callUnchecked(ctx.app, endpoints.orders.create, { headers: admin, body: payload });
}

function patchOrder(id: string, payload: Record<string, unknown>) {
  return call(ctx.app, endpoints.orders.update, { params: { id }, headers: admin, body: payload });
}

async function setPaid(orderId: string, paidKopecks: number) {
  await ctx.database.db.update(orders).set({ paidKopecks }).where(eq(orders.id, orderId));
}

describe('GET /api/orders', () => {
  let first: PurchaseJson;
  let second: PurchaseJson;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    first = await openPurchase({ title: 'Первая' });
    second = await openPurchase({ title: 'Вторая' });
    const one = csvOf([
      IMPORT_HEADER,
      ['79000000004', 'Мария', 'Платье', '', '', '1', '1000'],
      ['79001112233', 'Пётр', 'Шапка', '', '', '1', '500'],
      ['79000000005', 'Павел', 'Шарф', '', '', '1', '300'],
    ]);
    const two = csvOf([
      IMPORT_HEADER,
      ['79000000004', 'Мария', 'Сапоги', '', '', '1', '4000'],
      ['79002223344', 'Ольга', 'Ботинки', '', '', '1', '3000'],
    ]);
    expect((await importFile(ctx.app, admin, first.id, one)).statusCode).toBe(200);
    expect((await importFile(ctx.app, admin, second.id, two)).statusCode).toBe(200);
    for (const purchase of [first, second]) {
      for (const o of await listOrdersOf(ctx.app, admin, purchase.id)) ids.set(`${purchase.title}:${o.phone}`, o.id);
    }
    // Peter has paid in full, Olga a part.
    await setPaid(ids.get('Первая:79001112233')!, 50000);
    await setPaid(ids.get('Вторая:79002223344')!, 100000);
  });

  const idsOf = (page: Page) => page.items.map((o) => o.id).sort();

  it('filters by purchase', async () => {
    const page = await list(`purchaseId=${first.id}`);
    expect(page.total).toBe(3);
    expect(page.items.map((o) => o.phone).sort()).toEqual(['79000000004', '79000000005', '79001112233']);
    expect(page.items.every((o) => o.purchase.id === first.id && o.purchase.title === 'Первая')).toBe(true);
    expect((await list(`purchaseId=${second.id}`)).total).toBe(2);
    expect(await list(`purchaseId=${NIL_UUID}`)).toEqual({ items: [], total: 0 });
  });

  it.each(['79001112233', '+7 (900) 111-22-33', '8 900 111 22 33', '89001112233', '9001112233', '+7-900-111-2233'])(
    'finds a phone typed as %s',
    async (phone) => {
      const page = await list(`phone=${encodeURIComponent(phone)}`);
      expect(page.total).toBe(1);
      expect(page.items.map((o) => o.id)).toEqual([ids.get('Первая:79001112233')]);
    },
  );

  it('finds every order of a phone, and combines the phone with the purchase', async () => {
    expect(idsOf(await list(`phone=${encodeURIComponent('8 (900) 000-00-04')}`))).toEqual(
      [ids.get('Первая:79000000004'), ids.get('Вторая:79000000004')].sort(),
    );
    expect((await list(`phone=79000000004&purchaseId=${second.id}`)).items.map((o) => o.id)).toEqual([ids.get('Вторая:79000000004')]);
    expect((await list('phone=79009999999')).total).toBe(0);
  });

  it.each(['8 (900) 111', '8 900 111-2', '111-22', '2233'])('finds a phone by a part typed as %s', async (part) => {
    const page = await list(`phone=${encodeURIComponent(part)}`);
    expect(page.items.map((o) => o.id)).toContain(ids.get('Первая:79001112233'));
  });

  it('filters by payment state', async () => {
    const paid = await list('paymentState=paid');
    expect(paid.items.map((o) => o.id)).toEqual([ids.get('Первая:79001112233')]);
    expect(paid.items[0]).toMatchObject({ paymentState: 'paid', paidKopecks: 50000, dueKopecks: 0 });
    const partial = await list('paymentState=partially_paid');
    expect(partial.items.map((o) => o.id)).toEqual([ids.get('Вторая:79002223344')]);
    expect(partial.items[0]).toMatchObject({ paymentState: 'partially_paid', paidKopecks: 100000, dueKopecks: 200000 });
    const unpaid = await list('paymentState=unpaid');
    expect(idsOf(unpaid)).toEqual([ids.get('Первая:79000000004'), ids.get('Первая:79000000005'), ids.get('Вторая:79000000004')].sort());
    expect(unpaid.items.every((o) => o.paymentState === 'unpaid' && o.paidKopecks === 0)).toBe(true);
    expect((await list(`paymentState=unpaid&purchaseId=${second.id}`)).items.map((o) => o.id)).toEqual([ids.get('Вторая:79000000004')]);
  });

  it('pages newest number first, with the total on every page', async () => {
    const all = [...ids.values()];
    const pages: OrderJson[][] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await list(`pageSize=2&page=${page}`);
      expect(res.total).toBe(5);
      pages.push(res.items);
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1, 0]);
    const numbers = pages.flat().map((o) => o.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(
      pages
        .flat()
        .map((o) => o.id)
        .sort(),
    ).toEqual(all.sort());
    expect((await list('')).items).toHaveLength(5);
  });

  it.each([
    ['purchaseId=abc', 'purchaseId', 'Закупка не найдена'],
    ['paymentState=bogus', 'paymentState', 'Неизвестное состояние оплаты'],
    ['pageSize=101', 'pageSize', 'Не больше 100 строк на странице'],
    ['page=0', 'page', 'Страница — от 1'],
  ])('refuses ?%s with 400', async (query, field, message) => {
    expectError(await callUnchecked(ctx.app, endpoints.orders.list, { query, headers: admin }), 400, { field, message });
  });
});

describe('POST /api/orders', () => {
  it('creates an order by hand with half-up totals', async () => {
    const purchase = await openPurchase({ title: 'Вручную', organizerFeePercent: 10, paymentDeadline: '2027-04-01' });
    const res = await createOrder({
      purchaseId: purchase.id,
      phone: '8 (900) 000-00-04',
      clientName: '  Мария Иванова ',
      lines: [
        { product: ' Куртка ', article: 'K-1', options: 'M', quantity: 2, unitPriceKopecks: 12345 },
        { product: 'Значок', quantity: 1, unitPriceKopecks: 5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<OrderJson>();
    // 246.95 ₽ × 10 % = 24.695 ₽ → 24.70 ₽.
    expect(order).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      number: expect.any(Number),
      purchase: { id: purchase.id, title: 'Вручную', status: 'open', paymentDeadline: '2027-04-01', hasTransferCard: false },
      phone: '79000000004',
      clientName: 'Мария Иванова',
      hasAccount: true,
      isCanceled: false,
      isPayable: false,
      openPaymentStatus: null,
      paymentProblem: null,
      lines: expect.any(Array),
      goodsKopecks: 24695,
      organizerFeePercent: 10,
      organizerFeeKopecks: 2470,
      totalKopecks: 27165,
      paidKopecks: 0,
      dueKopecks: 27165,
      refundDueKopecks: 0,
      paymentState: 'unpaid',
      fulfilmentStatus: 'awaiting_goods',
      createdAt: expect.any(String),
    });
    expect(order.lines.map(({ id: _id, ...l }) => l).sort((a, b) => a.product.localeCompare(b.product))).toEqual([
      {
        product: 'Значок',
        article: '',
        options: '',
        quantity: 1,
        unitPriceKopecks: 5,
        totalKopecks: 5,
        arrivedQuantity: null,
        missingQuantity: 0,
      },
      {
        product: 'Куртка',
        article: 'K-1',
        options: 'M',
        quantity: 2,
        unitPriceKopecks: 12345,
        totalKopecks: 24690,
        arrivedQuantity: null,
        missingQuantity: 0,
      },
    ]);
    expect((await listOrdersOf(ctx.app, admin, purchase.id)).map((o) => o.id)).toEqual([order.id]);

    // A second order for the same phone (in any format) in the same purchase → 409.
    const before = await countOrderRows(ctx);
    expectError(
      await createOrder({
        purchaseId: purchase.id,
        phone: '+7 900 000 00 04',
        lines: [{ product: 'Шапка', quantity: 1, unitPriceKopecks: 100 }],
      }),
      409,
      { field: 'phone', message: `У этого клиента уже есть заказ № ${order.number} в закупке: измените его` },
    );
    expect(await countOrderRows(ctx)).toEqual(before);
    expect((await listOrdersOf(ctx.app, admin, purchase.id))[0]!.lines).toHaveLength(2);

    // The same phone in another purchase is a new order.
    const other = await openPurchase({ title: 'Другая' });
    const again = await createOrder({
      purchaseId: other.id,
      phone: '79000000004',
      lines: [{ product: 'Шапка', quantity: 1, unitPriceKopecks: 100 }],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<OrderJson>().number).toBeGreaterThan(order.number);
  });

  it('an order for a phone without a confirmed account waits for it', async () => {
    const purchase = await openPurchase();
    for (const phone of ['79000000005', '79004445566']) {
      const res = await createOrder({ purchaseId: purchase.id, phone, lines: [{ product: 'Шапка', quantity: 1, unitPriceKopecks: 100 }] });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ phone, hasAccount: false, clientName: '' });
    }
  });

  it.each([
    [{ lines: [] }, 'lines', 'Добавьте хотя бы один товар'],
    [{ lines: undefined }, 'lines', 'Добавьте товары заказа'],
    [{ lines: [{ product: 'Шапка', quantity: 0, unitPriceKopecks: 100 }] }, 'lines.0.quantity', 'Количество — целое положительное число'],
    [{ lines: [{ product: 'Шапка', quantity: 1.5, unitPriceKopecks: 100 }] }, 'lines.0.quantity', 'Количество — целое положительное число'],
    [{ lines: [{ product: 'Шапка', quantity: 10001, unitPriceKopecks: 100 }] }, 'lines.0.quantity', 'Количество — не больше 10\u00a0000'],
    [{ lines: [{ product: 'Шапка', quantity: 1, unitPriceKopecks: 10.5 }] }, 'lines.0.unitPriceKopecks', 'Цена — сумма в копейках'],
    [{ lines: [{ product: 'Шапка', quantity: 1, unitPriceKopecks: 0 }] }, 'lines.0.unitPriceKopecks', 'Цена должна быть больше нуля'],
    [{ lines: [{ product: 'Шапка', quantity: 1, unitPriceKopecks: '100' }] }, 'lines.0.unitPriceKopecks', 'Цена — сумма в копейках'],
    [{ lines: [{ product: ' ', quantity: 1, unitPriceKopecks: 100 }] }, 'lines.0.product', 'Укажите товар'],
    [
      {
        lines: [
          { product: 'Шапка', quantity: 1, unitPriceKopecks: 100 },
          { quantity: 1, unitPriceKopecks: 100 },
        ],
      },
      'lines.1.product',
      'Укажите товар',
    ],
    [{ phone: '12345' }, 'phone', 'Телефон указан неверно: введите номер в формате +7 (999) 999-99-99'],
    [{ phone: '' }, 'phone', 'Укажите телефон'],
    [{ purchaseId: 'abc' }, 'purchaseId', 'Закупка не найдена'],
  ])('refuses %j with 400 on field %s', async (override, field, message) => {
    const purchase = await openPurchase();
    const before = await countOrderRows(ctx);
    const payload = {
      purchaseId: purchase.id,
      phone: '79005550001',
      lines: [{ product: 'Шапка', quantity: 1, unitPriceKopecks: 100 }],
      ...override,
    };
    expectError(await createOrder(payload), 400, { field, message });
    expect(await countOrderRows(ctx)).toEqual(before);
  });

  it('refuses an unknown purchase (404) and a purchase past payment (409)', async () => {
    const line = [{ product: 'Шапка', quantity: 1, unitPriceKopecks: 100 }];
    expectError(await createOrder({ purchaseId: NIL_UUID, phone: '79005550002', lines: line }), 404, {
      field: 'purchaseId',
      message: 'Закупка не найдена',
    });
    const purchase = await openPurchase();
    await walkTo(ctx.app, admin, purchase.id, 'ordered');
    expectError(await createOrder({ purchaseId: purchase.id, phone: '79005550002', lines: line }), 409, {
      message: 'Закупка в статусе «Заказано»: заказы в ней больше не меняются',
    });
    expect(await listOrdersOf(ctx.app, admin, purchase.id)).toEqual([]);
  });

  // Regression: two equal lines (same product, article, options and price) in one hand-made order hit
  // `ON CONFLICT DO UPDATE command cannot affect row a second time` in upsertLines → 500. Like the
  // import, a hand-made order adds them up.
  it('two equal lines in one order are added up instead of failing with 500', async () => {
    const purchase = await openPurchase();
    const res = await createOrder({
      purchaseId: purchase.id,
      phone: '79005550003',
      lines: [
        { product: 'Шапка', quantity: 1, unitPriceKopecks: 100 },
        { product: 'Шапка', quantity: 2, unitPriceKopecks: 100 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OrderJson>().lines).toEqual([expect.objectContaining({ product: 'Шапка', quantity: 3, totalKopecks: 300 })]);
    expect(res.json()).toMatchObject({ goodsKopecks: 300, totalKopecks: 300 });

    // The same on a hand edit; other options are a line of their own. One variant at two prices is
    // refused (order_lines_identity_unique leaves the price out: a price is corrected, not added).
    const edited = await patchOrder(res.json<OrderJson>().id, {
      lines: [
        { product: 'Шапка', options: 'красная', quantity: 2, unitPriceKopecks: 100 },
        { product: 'Шапка', options: 'красная', quantity: 5, unitPriceKopecks: 100 },
        { product: 'Шапка', options: 'синяя', quantity: 1, unitPriceKopecks: 150 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      edited
        .json<OrderJson>()
        .lines.map((l) => [l.options, l.quantity, l.unitPriceKopecks])
        .sort(),
    ).toEqual([
      ['красная', 7, 100],
      ['синяя', 1, 150],
    ]);
    expect(edited.json()).toMatchObject({ goodsKopecks: 850, totalKopecks: 850 });
    expectError(
      await patchOrder(res.json<OrderJson>().id, {
        lines: [
          { product: 'Шапка', options: 'синяя', quantity: 1, unitPriceKopecks: 100 },
          { product: 'Шапка', options: 'синяя', quantity: 1, unitPriceKopecks: 150 },
        ],
      }),
      400,
      { field: 'lines', message: 'Товар «Шапка» (синяя) указан дважды с разной ценой: оставьте одну строку' },
    );
  });
});

describe('changing the organizer fee of a purchase', () => {
  it('recomputes the fee and totals of its orders', async () => {
    const purchase = await openPurchase({ organizerFeePercent: 10 });
    const created = await createOrder({
      purchaseId: purchase.id,
      phone: '79007770001',
      lines: [{ product: 'Шапка', quantity: 1, unitPriceKopecks: 100000 }],
    });
    expect(created.json()).toMatchObject({ organizerFeePercent: 10, organizerFeeKopecks: 10000, totalKopecks: 110000 });
    const patched = await call(ctx.app, endpoints.purchases.update, {
      params: { id: purchase.id },
      headers: admin,
      body: { organizerFeePercent: 15 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const [order] = await listOrdersOf(ctx.app, admin, purchase.id);
    expect(order).toMatchObject({ organizerFeePercent: 15, organizerFeeKopecks: 15000, totalKopecks: 115000, dueKopecks: 115000 });
  });
});

describe('PATCH /api/orders/:id', () => {
  async function newOrder(purchase: PurchaseJson, phone: string, lines: Record<string, unknown>[]) {
    const res = await createOrder({ purchaseId: purchase.id, phone, clientName: 'Клиент', lines });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OrderJson>();
  }

  it('replaces the lines and recomputes the totals; the name changes alone', async () => {
    const purchase = await openPurchase({ organizerFeePercent: 12.5 });
    const order = await newOrder(purchase, '79006660001', [{ product: 'Платье', quantity: 1, unitPriceKopecks: 10000 }]);
    expect(order).toMatchObject({ goodsKopecks: 10000, organizerFeeKopecks: 1250, totalKopecks: 11250 });

    const res = await patchOrder(order.id, {
      lines: [
        { product: 'Платье', quantity: 2, unitPriceKopecks: 2501 },
        { product: 'Носки', options: 'синие', quantity: 1, unitPriceKopecks: 5002 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    // 100.04 ₽ × 12.5 % = 12.505 ₽ → 12.51 ₽.
    expect(res.json()).toMatchObject({
      id: order.id,
      number: order.number,
      goodsKopecks: 10004,
      organizerFeeKopecks: 1251,
      totalKopecks: 11255,
      dueKopecks: 11255,
      clientName: 'Клиент',
    });
    expect(
      res
        .json<OrderJson>()
        .lines.map((l) => [l.product, l.options, l.quantity, l.totalKopecks])
        .sort(),
    ).toEqual([
      ['Носки', 'синие', 1, 5002],
      ['Платье', '', 2, 5002],
    ]);

    const renamed = await patchOrder(order.id, { clientName: 'Новое имя' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ clientName: 'Новое имя', totalKopecks: 11255 });
    expect(renamed.json<OrderJson>().lines).toHaveLength(2);
    const [listed] = await listOrdersOf(ctx.app, admin, purchase.id);
    expect(listed).toEqual(renamed.json());
  });

  it('a total grown after payment makes the difference due', async () => {
    const purchase = await openPurchase({ organizerFeePercent: 10 });
    const order = await newOrder(purchase, '79006660002', [{ product: 'Куртка', quantity: 1, unitPriceKopecks: 500000 }]);
    expect(order.totalKopecks).toBe(550000);
    await setPaid(order.id, order.totalKopecks);
    expect((await list(`purchaseId=${purchase.id}`)).items[0]).toMatchObject({ paymentState: 'paid', dueKopecks: 0, paidKopecks: 550000 });

    const res = await patchOrder(order.id, {
      lines: [
        { product: 'Куртка', quantity: 1, unitPriceKopecks: 500000 },
        { product: 'Шарф', quantity: 1, unitPriceKopecks: 123405 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    // 6234.05 ₽ × 10 % = 623.405 ₽ → 623.41 ₽; due 6857.46 − 5500.00 = 1357.46 ₽.
    expect(res.json()).toMatchObject({
      goodsKopecks: 623405,
      organizerFeeKopecks: 62341,
      totalKopecks: 685746,
      paidKopecks: 550000,
      paymentState: 'partially_paid',
      dueKopecks: 135746,
    });
    expect((await list('paymentState=partially_paid')).items.map((o) => o.id)).toContain(order.id);
    expect((await call(ctx.app, endpoints.purchases.get, { params: { id: purchase.id }, headers: admin })).json()).toMatchObject({
      dueKopecks: 135746,
      paidKopecks: 550000,
    });

    // Shrinking below what was paid leaves nothing due.
    const shrunk = await patchOrder(order.id, { lines: [{ product: 'Шарф', quantity: 1, unitPriceKopecks: 123405 }] });
    expect(shrunk.json()).toMatchObject({ totalKopecks: 135746, paymentState: 'paid', dueKopecks: 0 });
  });

  it('refuses bad lines, unknown and malformed ids, frozen purchases and canceled orders', async () => {
    const purchase = await openPurchase();
    const order = await newOrder(purchase, '79006660003', [{ product: 'Платье', quantity: 1, unitPriceKopecks: 1000 }]);
    expectError(await patchOrder(order.id, { lines: [] }), 400, { field: 'lines', message: 'В заказе должен остаться хотя бы один товар' });
    expectError(await patchOrder(order.id, { lines: [{ product: 'Платье', quantity: -1, unitPriceKopecks: 1000 }] }), 400, {
      field: 'lines.0.quantity',
      message: 'Количество — целое положительное число',
    });
    expectError(await patchOrder(order.id, { lines: [{ product: 'Платье', quantity: 1, unitPriceKopecks: 0 }] }), 400, {
      field: 'lines.0.unitPriceKopecks',
      message: 'Цена должна быть больше нуля',
    });
    expectError(await patchOrder(order.id, { clientName: 'я'.repeat(201) }), 400, {
      field: 'clientName',
      message: 'ФИО — не больше 200 символов',
    });
    expect((await listOrdersOf(ctx.app, admin, purchase.id))[0]).toMatchObject({ totalKopecks: 1000, clientName: 'Клиент' });

    expectError(await patchOrder(NIL_UUID, { clientName: 'Кто-то' }), 404, { message: 'Заказ не найден' });
    expectError(await patchOrder('abc', { clientName: 'Кто-то' }), 400, { field: 'id', message: 'Заказ не найден' });

    await ctx.database.db.update(orders).set({ canceledAt: new Date() }).where(eq(orders.id, order.id));
    expectError(await patchOrder(order.id, { clientName: 'Кто-то' }), 409, { message: 'Заказ отменён: его нельзя изменить' });

    const frozen = await openPurchase();
    const frozenOrder = await newOrder(frozen, '79006660004', [{ product: 'Платье', quantity: 1, unitPriceKopecks: 1000 }]);
    await walkTo(ctx.app, admin, frozen.id, 'in_transit');
    expectError(await patchOrder(frozenOrder.id, { lines: [{ product: 'Платье', quantity: 5, unitPriceKopecks: 1000 }] }), 409, {
      message: 'Закупка в статусе «В пути»: заказы в ней больше не меняются',
    });
    expect((await listOrdersOf(ctx.app, admin, frozen.id))[0]).toMatchObject({ totalKopecks: 1000 });
  });
});
