import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { confirmAccount, signUpClient } from '../fixtures/accounts-kit.js';
import { type Headers, NIL_UUID, call, callUnchecked } from '../fixtures/requests.js';
import {
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

async function openPurchase(title: string, fee = 0): Promise<PurchaseJson> {
  const purchase = await createPurchase(ctx.app, admin, { title, organizerFeePercent: fee });
  await walkTo(ctx.app, admin, purchase.id, 'open');
  return purchase;
}

async function importRows(purchase: PurchaseJson, rows: string[][]) {
  const res = await importFile(ctx.app, admin, purchase.id, csvOf([IMPORT_HEADER, ...rows]));
  expect(res.statusCode, res.body).toBe(200);
}

async function mine(headers: Headers, query = ''): Promise<OrderJson[]> {
  const res = await callUnchecked(ctx.app, endpoints.orders.listMine, { query: query.replace(/^\?/, ''), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderJson[]>();
}

async function orderOf(purchase: PurchaseJson, phone: string): Promise<OrderJson> {
  const found = (await listOrdersOf(ctx.app, admin, purchase.id)).find((o) => o.phone === phone);
  expect(found, `no order of ${phone}`).toBeDefined();
  return found!;
}

describe('GET /api/orders/my', () => {
  let spring: PurchaseJson;
  let summer: PurchaseJson;
  let client: Headers;

  beforeAll(async () => {
    spring = await openPurchase('Весна', 10);
    summer = await openPurchase('Лето');
    await importRows(spring, [
      ['79000000004', 'Мария', 'Плащ', '', '', '1', '3000'],
      ['79001112233', 'Пётр', 'Куртка', '', '', '1', '5000'],
      ['79000000005', 'Павел', 'Шарф', '', '', '1', '700'],
    ]);
    await importRows(summer, [
      ['8 900 000-00-04', 'Мария', 'Панама', '', '', '2', '500'],
      ['79001112233', 'Пётр', 'Шорты', '', '', '1', '900'],
    ]);
    client = await signInAs(ctx.app, 'client');
  });

  it('lists only the client’s own orders', async () => {
    const list = await mine(client);
    expect(list.map((o) => o.id).sort()).toEqual(
      [(await orderOf(spring, '79000000004')).id, (await orderOf(summer, '79000000004')).id].sort(),
    );
    expect(list.every((o) => o.phone === '79000000004' && o.hasAccount)).toBe(true);
    const spr = list.find((o) => o.purchase.id === spring.id)!;
    expect(spr).toMatchObject({
      goodsKopecks: 300000,
      organizerFeeKopecks: 30000,
      totalKopecks: 330000,
      dueKopecks: 330000,
      paymentState: 'unpaid',
    });
    expect(spr.lines).toEqual([expect.objectContaining({ product: 'Плащ', quantity: 1, unitPriceKopecks: 300000, totalKopecks: 300000 })]);
  });

  it('ignores any attempt to look at someone else’s orders', async () => {
    const own = (await mine(client)).map((o) => o.id).sort();
    const peter = await orderOf(spring, '79001112233');
    const [pavel] = await ctx.database.db.select().from(users).where(eq(users.phone, '79000000005'));
    for (const query of [
      '?phone=79001112233',
      '?phone=79000000005',
      `?userId=${pavel!.id}`,
      `?purchaseId=${spring.id}&phone=79001112233`,
      `?id=${peter.id}`,
      '?phone=79001112233&state=unpaid',
    ]) {
      const list = await mine(client, query);
      expect(
        list.map((o) => o.id),
        query,
      ).not.toContain(peter.id);
      if (!query.includes('state')) expect(list.map((o) => o.id).sort(), query).toEqual(own);
    }
  });

  it('state=unpaid lists what is due, state=paid what is paid; canceled orders never show', async () => {
    const mariaSpring = await orderOf(spring, '79000000004');
    const mariaSummer = await orderOf(summer, '79000000004');
    expect((await mine(client, '?state=unpaid')).map((o) => o.id).sort()).toEqual([mariaSpring.id, mariaSummer.id].sort());
    expect(await mine(client, '?state=paid')).toEqual([]);

    await ctx.database.db.update(orders).set({ paidKopecks: mariaSpring.totalKopecks }).where(eq(orders.id, mariaSpring.id));
    expect((await mine(client, '?state=unpaid')).map((o) => o.id)).toEqual([mariaSummer.id]);
    const paid = await mine(client, '?state=paid');
    expect(paid.map((o) => o.id)).toEqual([mariaSpring.id]);
    expect(paid[0]).toMatchObject({ paymentState: 'paid', dueKopecks: 0 });

    // A part paid is still something to pay.
    await ctx.database.db.update(orders).set({ paidKopecks: 100 }).where(eq(orders.id, mariaSummer.id));
    expect((await mine(client, '?state=unpaid')).map((o) => o.id)).toEqual([mariaSummer.id]);

    // Cancelling a purchase cancels the unpaid order, which leaves the client's lists.
    const autumn = await openPurchase('Осень');
    await importRows(autumn, [['79000000004', 'Мария', 'Сапоги', '', '', '1', '4000']]);
    expect((await mine(client)).map((o) => o.purchase.id)).toContain(autumn.id);
    expect(
      (await call(ctx.app, endpoints.purchases.changeStatus, { params: { id: autumn.id }, headers: admin, body: { status: 'canceled' } }))
        .statusCode,
    ).toBe(200);
    expect((await mine(client)).map((o) => o.purchase.id)).not.toContain(autumn.id);
    expect((await mine(client, '?state=unpaid')).map((o) => o.purchase.id)).not.toContain(autumn.id);
  });

  it('state=bogus → 400', async () => {
    expectError(await callUnchecked(ctx.app, endpoints.orders.listMine, { query: { state: 'bogus' }, headers: client }), 400, {
      field: 'state',
      message: 'Укажите state=unpaid или state=paid',
    });
    expectError(await callUnchecked(ctx.app, endpoints.orders.listMine, { query: { state: 'partially_paid' }, headers: client }), 400, {
      field: 'state',
    });
  });

  it('an order of an unconfirmed account appears once the account is confirmed', async () => {
    const pavel = await signInAs(ctx.app, 'unconfirmedClient');
    const pavelOrder = await orderOf(spring, '79000000005');
    expect(pavelOrder.hasAccount).toBe(false);
    expect(await mine(pavel)).toEqual([]);
    expect(await mine(pavel, '?state=unpaid')).toEqual([]);

    await confirmAccount(ctx.app, '79000000005', pavel);

    const list = await mine(pavel);
    expect(list.map((o) => o.id)).toEqual([pavelOrder.id]);
    expect(list[0]).toMatchObject({
      phone: '79000000005',
      hasAccount: true,
      totalKopecks: 77000,
      lines: [expect.objectContaining({ product: 'Шарф' })],
    });
    expect((await mine(pavel, '?state=unpaid')).map((o) => o.id)).toEqual([pavelOrder.id]);
    // Orders imported after the confirmation are attached at once.
    await importRows(summer, [['79000000005', 'Павел', 'Кепка', '', '', '1', '600']]);
    expect((await mine(pavel)).map((o) => o.purchase.id).sort()).toEqual([spring.id, summer.id].sort());
    // Maria's list did not change.
    expect((await mine(client)).every((o) => o.phone === '79000000004')).toBe(true);
  });

  it('an order imported before sign-up becomes the new client’s once confirmed', async () => {
    const winter = await openPurchase('Зима');
    await importRows(winter, [['+7 (903) 111-00-99', 'Новая клиентка', 'Валенки', '', '', '1', '2500']]);
    const signed = await signUpClient(ctx.app, '79031110099');
    const headers = { authorization: `Bearer ${signed.token}` };
    expect(await mine(headers)).toEqual([]);
    await confirmAccount(ctx.app, '79031110099', headers);
    const list = await mine(headers);
    expect(list.map((o) => o.purchase.id)).toEqual([winter.id]);
    expect(list[0]).toMatchObject({ phone: '79031110099', clientName: 'Новая клиентка', hasAccount: true });
  });

  it('is for clients only', async () => {
    expectError(await call(ctx.app, endpoints.orders.listMine), 401);
    expectError(await call(ctx.app, endpoints.orders.listMine, { headers: admin }), 403);
    expectError(await call(ctx.app, endpoints.orders.list, { headers: client }), 403);
  });
});

describe('GET /api/orders/:id (public, by link)', () => {
  it('shows the order with the phone masked, the name reduced and without hasAccount, to anyone', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'По ссылке', organizerFeePercent: 12.5, paymentDeadline: '2027-05-20' });
    await walkTo(ctx.app, admin, purchase.id, 'open');
    await importRows(purchase, [
      ['79000000004', 'Иванова Мария', 'Платье', 'A-1', '110 см', '2', '25,01'],
      ['79000000004', '', 'Носки', '', '', '1', '50,02'],
    ]);
    const order = await orderOf(purchase, '79000000004');

    const res = await call(ctx.app, endpoints.orders.getByLink, { params: { id: order.id } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Record<string, unknown>>();
    const { hasAccount: _hasAccount, ...withoutAccount } = order;
    expect(body).toEqual({ ...withoutAccount, phone: '+7 (900) ***-**-04', clientName: 'Мария И.' });
    expect(res.body).not.toContain('Иванова');
    expect(body).not.toHaveProperty('hasAccount');
    expect(body).toMatchObject({
      purchase: { id: purchase.id, title: 'По ссылке', status: 'open', paymentDeadline: '2027-05-20' },
      goodsKopecks: 10004,
      organizerFeePercent: 12.5,
      organizerFeeKopecks: 1251,
      totalKopecks: 11255,
      dueKopecks: 11255,
    });
    expect((body.lines as unknown[]).length).toBe(2);
    expect(res.body).not.toContain('79000000004');
    expect(res.body).not.toContain('000-00-04');

    // Another client's token changes nothing: the link is the key.
    const other = await signInAs(ctx.app, 'unconfirmedClient');
    const withToken = await call(ctx.app, endpoints.orders.getByLink, { params: { id: order.id }, headers: other });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json()).toEqual(body);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectError(await call(ctx.app, endpoints.orders.getByLink, { params: { id: NIL_UUID } }), 404, { message: 'Заказ не найден' });
    expectError(await call(ctx.app, endpoints.orders.getByLink, { params: { id: '12345' } }), 400, {
      field: 'id',
      message: 'Заказ не найден',
    });
  });
});

describe('GET /api/orders/my: nobody else’s orders', () => {
  it('a client never reads orders of others through query tricks', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Чужие заказы' });
    const other = await call(ctx.app, endpoints.orders.create, {
      headers: admin,
      body: { purchaseId: purchase.id, phone: '79001112299', lines: [{ product: 'Чужой товар', quantity: 1, unitPriceKopecks: 100 }] },
    });
    expect(other.statusCode, other.body).toBe(201);
    const client = await signInAs(ctx.app, 'client');
    for (const url of [
      '/api/orders/my',
      '/api/orders/my?phone=79001112299',
      `/api/orders/my?userId=${NIL_UUID}`,
      `/api/orders/my?purchaseId=${purchase.id}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: client });
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.stringify(res.json())).not.toContain('Чужой товар');
    }
    expect((await call(ctx.app, endpoints.orders.list, { headers: client })).statusCode).toBe(403);
  });
});
