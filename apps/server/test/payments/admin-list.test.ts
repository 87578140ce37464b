import { type AdminPayment, endpoints, type PaymentListQuery, type PaymentMethod, type PaymentStatus } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { callUnchecked, type Headers } from '../fixtures/requests.js';
import {
  adminAction,
  createCard,
  goods,
  listPayments,
  payByLink,
  payOk,
  paySandbox,
  purchaseWithOrders,
  recordCash,
  sandboxDecide,
  sandboxIdOf,
  setCreatedAt,
} from '../fixtures/payments-kit.js';

/**
 * The admin's list of payments: every filter (status, method, purchase, Moscow dates, the phone as
 * people type it), paging, and totals of the whole filtered set. Its own app, so the set is known.
 */

type Known = {
  id: string;
  status: PaymentStatus;
  method: PaymentMethod;
  purchaseId: string;
  phone: string;
  amount: number;
  refunded?: number;
  moscowDay: string;
};

let ctx: TestContext;
let admin: Headers;
const known: Known[] = [];
let springId = '';
let summerId = '';
const PETER = '79001112233';
const OLGA = '79005556677';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  const client = await signInAs(ctx.app, 'client');
  const card = await createCard(ctx.app, admin);
  const spring = await purchaseWithOrders(ctx.app, admin, {
    title: 'Весна',
    fee: 10,
    cardId: card.id,
    orders: [
      { phone: demoPhones.client, lines: goods(100_000) },
      { phone: PETER, lines: goods(20_000) },
    ],
  });
  const summer = await purchaseWithOrders(ctx.app, admin, {
    title: 'Лето',
    cardId: card.id,
    orders: [
      { phone: demoPhones.client, lines: goods(33_333) },
      { phone: OLGA, lines: goods(45_000) },
    ],
  });
  springId = spring.purchase.id;
  summerId = summer.purchase.id;
  const [mariaSpring, peterSpring] = spring.orders as [(typeof spring.orders)[0], (typeof spring.orders)[0]];
  const [mariaSummer, olgaSummer] = summer.orders as [(typeof summer.orders)[0], (typeof summer.orders)[0]];

  // Times chosen around Moscow midnight (UTC+3): 20:59:59 UTC is still the 1st in Moscow, 21:00 the 2nd.
  const add = async (id: string, rest: Omit<Known, 'id' | 'moscowDay'>, utc: string, moscowDay: string) => {
    await setCreatedAt(ctx, id, new Date(utc));
    known.push({ id, ...rest, moscowDay });
  };
  const a = await paySandbox(ctx.app, client, [mariaSpring.id]);
  await add(
    a.id,
    { status: 'succeeded', method: 'card', purchaseId: springId, phone: demoPhones.client, amount: 110_000 },
    '2026-03-01T20:59:59Z',
    '2026-03-01',
  );
  const b = (await payOk(ctx.app, client, [mariaSummer.id], 'transfer')).payments[0]!;
  await add(
    b.id,
    { status: 'pending', method: 'transfer', purchaseId: summerId, phone: demoPhones.client, amount: 33_333 },
    '2026-03-01T21:00:00Z',
    '2026-03-02',
  );
  const declined = await payByLink(ctx.app, peterSpring.id, 'sbp');
  expect(declined.statusCode, declined.body).toBe(201);
  expect((await sandboxDecide(ctx.app, sandboxIdOf(declined.json()), 'decline')).statusCode).toBe(200);
  const c = declined.json<{ payments: { id: string }[] }>().payments[0]!;
  await add(
    c.id,
    { status: 'canceled', method: 'sbp', purchaseId: springId, phone: PETER, amount: 22_000 },
    '2026-03-02T12:00:00Z',
    '2026-03-02',
  );
  const cash = await recordCash(ctx.app, admin, olgaSummer.id);
  expect(cash.statusCode, cash.body).toBe(201);
  const cashId = cash.json<{ id: string }>().id;
  // Given back: the list's totals count what was refunded too.
  expect((await adminAction(ctx.app, admin, cashId, 'refund', { comment: 'Вернули наличными' })).statusCode).toBe(200);
  await add(
    cashId,
    { status: 'refunded', method: 'cash', purchaseId: summerId, phone: OLGA, amount: 45_000, refunded: 45_000 },
    '2026-03-03T20:30:00Z',
    '2026-03-03',
  );
  const e = await payByLink(ctx.app, peterSpring.id, 'card');
  expect(e.statusCode, e.body).toBe(201);
  const eId = e.json<{ payments: { id: string }[] }>().payments[0]!.id;
  await add(
    eId,
    { status: 'pending', method: 'card', purchaseId: springId, phone: PETER, amount: 22_000 },
    '2026-03-03T21:30:00Z',
    '2026-03-04',
  );
});
afterAll(() => ctx.close());

/** Every page of a query, with the page size small enough to make several pages. */
async function allPages(query: PaymentListQuery, pageSize = 2) {
  const first = await listPayments(ctx.app, admin, { ...query, pageSize });
  const items: AdminPayment[] = [...first.items];
  const pages = Math.ceil(first.total / pageSize);
  for (let page = 2; page <= pages; page += 1) {
    const next = await listPayments(ctx.app, admin, { ...query, pageSize, page });
    // Totals describe the whole filtered set, whatever the page.
    expect(next.total).toBe(first.total);
    expect(next.totals).toEqual(first.totals);
    items.push(...next.items);
  }
  expect((await listPayments(ctx.app, admin, { ...query, pageSize, page: pages + 1 })).items).toEqual([]);
  return { items, total: first.total, totals: first.totals };
}

async function expectFound(query: PaymentListQuery, expected: Known[]) {
  const { items, total, totals } = await allPages(query);
  const label = JSON.stringify(query);
  expect(items.map((p) => p.id).sort(), label).toEqual(expected.map((k) => k.id).sort());
  expect(new Set(items.map((p) => p.id)).size, label).toBe(items.length);
  expect(total, label).toBe(expected.length);
  // Received: succeeded and refunded payments; awaited: open ones; canceled and rejected money in neither (issue 26, item 6).
  const sumOf = (statuses: PaymentStatus[]) => expected.filter((k) => statuses.includes(k.status)).reduce((sum, k) => sum + k.amount, 0);
  expect(totals.receivedKopecks, label).toBe(sumOf(['succeeded', 'refunded']));
  expect(totals.pendingKopecks, label).toBe(sumOf(['pending', 'awaiting_check']));
  expect(totals.receivedKopecks + totals.pendingKopecks, label).toBe(sumOf(['succeeded', 'refunded', 'pending', 'awaiting_check']));
  expect(totals.refundedKopecks, label).toBe(expected.reduce((sum, k) => sum + (k.refunded ?? 0), 0));
  expect(totals.refundedKopecks, label).toBe(items.reduce((sum, p) => sum + p.refundedKopecks, 0));
}

const where = (test: (k: Known) => boolean) => known.filter(test);

describe('GET /api/payments', () => {
  it('without filters: everything, newest first, in pages whose totals are the whole set’s', async () => {
    await expectFound({}, known);
    // The card 1 100 ₽ and the cash 450 ₽ (refunded since) came; the transfer 333,33 ₽ and the card 220 ₽ are
    // awaited; the declined SBP 220 ₽ is in neither.
    expect((await listPayments(ctx.app, admin, {})).totals).toEqual({
      receivedKopecks: 155_000,
      pendingKopecks: 55_333,
      refundedKopecks: 45_000,
    });
    const { items } = await allPages({});
    expect(items.map((p) => p.id)).toEqual([...known].reverse().map((k) => k.id));
    expect(items[0]).toMatchObject({ payer: { phone: PETER }, purchaseTitles: ['Весна'], provider: 'sandbox' });
  });

  it('by status and by method', async () => {
    for (const status of ['pending', 'succeeded', 'canceled', 'refunded'] as const)
      await expectFound(
        { status },
        where((k) => k.status === status),
      );
    for (const method of ['card', 'sbp', 'transfer', 'cash'] as const)
      await expectFound(
        { method },
        where((k) => k.method === method),
      );
    await expectFound(
      { status: 'refunded', method: 'cash' },
      where((k) => k.method === 'cash'),
    );
    await expectFound({ status: 'succeeded', method: 'cash' }, []);
  });

  it('by purchase', async () => {
    await expectFound(
      { purchaseId: springId },
      where((k) => k.purchaseId === springId),
    );
    await expectFound(
      { purchaseId: summerId, status: 'pending' },
      where((k) => k.purchaseId === summerId && k.status === 'pending'),
    );
  });

  it('by period in Moscow dates, both ends inclusive', async () => {
    const between = (from: string, to: string) => where((k) => k.moscowDay >= from && k.moscowDay <= to);
    await expectFound({ from: '2026-03-01', to: '2026-03-01' }, between('2026-03-01', '2026-03-01'));
    await expectFound({ from: '2026-03-02', to: '2026-03-02' }, between('2026-03-02', '2026-03-02'));
    await expectFound({ from: '2026-03-02', to: '2026-03-03' }, between('2026-03-02', '2026-03-03'));
    await expectFound({ from: '2026-03-04' }, between('2026-03-04', '9999-12-31'));
    await expectFound({ to: '2026-03-03' }, between('0000-01-01', '2026-03-03'));
    expect(between('2026-03-01', '2026-03-01')).toHaveLength(1);
    expect(between('2026-03-02', '2026-03-02')).toHaveLength(2);
  });

  it('by the client’s phone in any form people type it', async () => {
    for (const phone of ['8 900 111-22-33', '+7 (900) 111-22-33', '79001112233', '89001112233', '111-22-33', '8 900 111-2']) {
      await expectFound(
        { phone },
        where((k) => k.phone === PETER),
      );
    }
    await expectFound(
      { phone: '8 (900) 000-00-04' },
      where((k) => k.phone === demoPhones.client),
    );
    await expectFound({ phone: '+7 900 555-66-77', purchaseId: springId }, []);
    await expectFound({ phone: 'нет цифр' }, []);
  });

  it('bad filters → 400 with the field', async () => {
    const get = (query: string) => callUnchecked(ctx.app, endpoints.payments.list, { query, headers: admin });
    expectError(await get('status=lost'), 400, { field: 'status', message: 'Неизвестный статус платежа' });
    expectError(await get('method=crypto'), 400, { field: 'method', message: 'Неизвестный способ оплаты' });
    expectError(await get('from=01.03.2026'), 400, { field: 'from', message: 'Дата указывается в формате ГГГГ-ММ-ДД' });
    expectError(await get('pageSize=101'), 400, { field: 'pageSize', message: 'Не больше 100 строк на странице' });
    expectError(await get('purchaseId=123'), 400, { field: 'purchaseId', message: 'Закупка не найдена' });
  });
});
