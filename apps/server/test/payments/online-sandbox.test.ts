import { type CreatePaymentResult, type Payment, type SandboxPayment, transferCommentOf, endpoints } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { lastOutboxMessage, signUpClient } from '../fixtures/accounts-kit.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { type Headers, NIL_UUID, call, callUnchecked } from '../fixtures/requests.js';
import { type OrderJson, walkTo } from '../fixtures/purchases-kit.js';
import {
  countPaymentRows,
  getPayment,
  goods,
  myOrders,
  orderByLink,
  pay,
  payByLink,
  paymentDetails,
  payOk,
  paySandbox,
  purchaseWithOrders,
  sandboxDecide,
  sandboxIdOf,
} from '../fixtures/payments-kit.js';

/**
 * Online payments through the built-in sandbox provider (the default without YooKassa settings):
 * the client pays on the page «Тестовая оплата», and the decision reaches the shop along the same
 * path as a YooKassa notification.
 */

let ctx: TestContext;
let admin: Headers;
let client: Headers;
const clientPhone = demoPhones.client;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
});
afterAll(() => ctx.close());

/** Two payable orders of the demo client in two purchases with different fees. */
async function twoOrders(): Promise<[OrderJson, OrderJson]> {
  const spring = await purchaseWithOrders(ctx.app, admin, {
    fee: 15,
    orders: [
      {
        phone: clientPhone,
        clientName: 'Иванова Мария',
        lines: [
          { product: 'Комбинезон', quantity: 1, unitPriceKopecks: 249_000 },
          { product: 'Пижама', quantity: 2, unitPriceKopecks: 89_050 },
        ],
      },
    ],
  });
  const kitchen = await purchaseWithOrders(ctx.app, admin, { fee: 10, orders: [{ phone: clientPhone, lines: goods(124_000) }] });
  return [spring.orders[0]!, kitchen.orders[0]!];
}

async function mineById(id: string): Promise<OrderJson> {
  const found = (await myOrders(ctx.app, client)).find((o) => o.id === id);
  expect(found, `order ${id} in the client's list`).toBeDefined();
  return found!;
}

async function expectPaid(order: OrderJson) {
  for (const view of [await mineById(order.id), await orderByLink(ctx.app, order.id)]) {
    expect(view).toMatchObject({ paidKopecks: order.totalKopecks, dueKopecks: 0, isPayable: false, paymentState: 'paid' });
  }
  expect((await myOrders(ctx.app, client, 'unpaid')).map((o) => o.id)).not.toContain(order.id);
  expect((await myOrders(ctx.app, client, 'paid')).map((o) => o.id)).toContain(order.id);
}

async function expectDue(order: OrderJson) {
  for (const view of [await mineById(order.id), await orderByLink(ctx.app, order.id)]) {
    expect(view).toMatchObject({ paidKopecks: 0, dueKopecks: order.totalKopecks, isPayable: true, paymentState: 'unpaid' });
  }
  expect((await myOrders(ctx.app, client, 'unpaid')).map((o) => o.id)).toContain(order.id);
}

describe('paying two orders online through the sandbox', () => {
  it.each(['card', 'sbp'] as const)('%s: pending → the page → «Оплатить» → succeeded, both orders paid', async (method) => {
    const [first, second] = await twoOrders();
    const expectedAmount = first.totalKopecks + second.totalKopecks;

    const result = await payOk(ctx.app, client, [first.id, second.id], method);
    expect(result.payments).toHaveLength(1);
    const created = result.payments[0]!;
    expect(created).toMatchObject({
      method,
      status: 'pending',
      amountKopecks: expectedAmount,
      refundedKopecks: 0,
      transfer: null,
      paidAt: null,
    });
    expect(created.items.map((i) => [i.orderId, i.orderNumber, i.amountKopecks]).sort()).toEqual(
      [
        [first.id, first.number, first.totalKopecks],
        [second.id, second.number, second.totalKopecks],
      ].sort(),
    );
    const sandboxId = sandboxIdOf(result);
    expect(created.confirmationUrl).toBe(result.redirectUrl);

    const page = await call(ctx.app, endpoints.payments.sandboxGet, { params: { id: sandboxId } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<SandboxPayment>()).toEqual({
      id: sandboxId,
      amountKopecks: expectedAmount,
      description: transferCommentOf([first.number, second.number].sort((a, b) => a - b)),
      method,
      status: 'pending',
      returnUrl: `/payment-result?payment=${created.id}`,
    });
    // While the provider has not answered, nothing is paid.
    await expectDue(first);

    const decided = await sandboxDecide(ctx.app, sandboxId, 'pay');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toEqual({ redirectUrl: `/payment-result?payment=${created.id}` });

    const paid = await getPayment(ctx.app, created.id);
    expect(paid).toMatchObject({ status: 'succeeded', amountKopecks: expectedAmount, confirmationUrl: null, reason: null });
    expect(paid.paidAt).not.toBeNull();
    await expectPaid(first);
    await expectPaid(second);

    const mine = await call(ctx.app, endpoints.payments.listMine, { headers: client });
    expect(mine.json<Payment[]>().find((p) => p.id === created.id)?.status).toBe('succeeded');
    const history = (await paymentDetails(ctx.app, admin, created.id)).history;
    expect(history.map((h) => [h.action, h.statusBefore, h.statusAfter])).toEqual([
      ['created', null, 'pending'],
      ['provider_succeeded', 'pending', 'succeeded'],
    ]);
    expect(history[1]!.orders.sort((a, b) => a.number - b.number)).toEqual(
      [first, second]
        .sort((a, b) => a.number - b.number)
        .map((o) => ({ number: o.number, paidBeforeKopecks: 0, paidAfterKopecks: o.totalKopecks })),
    );
    expect(await lastOutboxMessage(ctx.app, clientPhone, 'payment_succeeded')).toContain(`платёж №${paid.number}`);

    // The page is done: a second press changes nothing.
    expectError(await sandboxDecide(ctx.app, sandboxId, 'pay'), 409, { message: 'Этот тестовый платёж уже завершён' });
    expectError(await pay(ctx.app, client, [first.id], method), 409, { message: `Заказ №${first.number} уже оплачен` });
  });

  it('«Отказаться» → canceled with the reason; the orders are payable again', async () => {
    const [first, second] = await twoOrders();
    const result = await payOk(ctx.app, client, [first.id, second.id], 'card');
    const decided = await sandboxDecide(ctx.app, sandboxIdOf(result), 'decline');
    expect(decided.statusCode, decided.body).toBe(200);

    const canceled = await getPayment(ctx.app, result.payments[0]!.id);
    expect(canceled).toMatchObject({
      status: 'canceled',
      paidAt: null,
      confirmationUrl: null,
      reason: 'Оплата не прошла: отказ от оплаты',
    });
    await expectDue(first);
    await expectDue(second);
    const again = await payOk(ctx.app, client, [first.id, second.id], 'sbp');
    expect(again.payments[0]!.amountKopecks).toBe(first.totalKopecks + second.totalKopecks);
  });

  it('whoever holds the order link pays it without a session', async () => {
    const [order] = await twoOrders();
    const res = await payByLink(ctx.app, order.id, 'sbp');
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<CreatePaymentResult>();
    expect(created.payments[0]).toMatchObject({ method: 'sbp', amountKopecks: order.totalKopecks });
    expect((await sandboxDecide(ctx.app, sandboxIdOf(created), 'pay')).statusCode).toBe(200);
    expect((await getPayment(ctx.app, created.payments[0]!.id)).status).toBe('succeeded');
    await expectPaid(order);
    // A payment by link is nobody's in the cabinet.
    const mine = await call(ctx.app, endpoints.payments.listMine, { headers: client });
    expect(mine.json<Payment[]>().map((p) => p.id)).not.toContain(created.payments[0]!.id);

    expectError(await payByLink(ctx.app, NIL_UUID, 'card'), 404, { message: 'Заказ не найден' });
  });

  it('a client pays only their own orders: someone else’s answer 404 and nothing is written', async () => {
    const [own] = await twoOrders();
    const { orders } = await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: '79001112233', lines: goods(50_000) }] });
    const stranger = orders[0]!;
    const before = await countPaymentRows(ctx);
    for (const ids of [[stranger.id], [own.id, stranger.id], [NIL_UUID]]) {
      expectError(await pay(ctx.app, client, ids, 'card'), 404, { message: 'Заказ не найден', field: 'orderIds' });
    }
    const other = await signUpClient(ctx.app);
    expectError(await pay(ctx.app, { authorization: other.authorization }, [own.id], 'transfer'), 404, { message: 'Заказ не найден' });
    expect(await countPaymentRows(ctx)).toEqual(before);
  });

  it('orders that are not payable now answer 409 in Russian and nothing is written', async () => {
    const open = await purchaseWithOrders(ctx.app, admin, { status: 'open', orders: [{ phone: clientPhone, lines: goods(10_000) }] });
    const openOrder = open.orders[0]!;
    const canceled = await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: clientPhone, lines: goods(20_000) }] });
    await walkTo(ctx.app, admin, canceled.purchase.id, 'canceled');
    const canceledOrder = canceled.orders[0]!;
    const completed = await purchaseWithOrders(ctx.app, admin, {
      status: 'completed',
      orders: [{ phone: clientPhone, lines: goods(30_000) }],
    });
    const [paidOrder] = await twoOrders();
    await paySandbox(ctx.app, client, [paidOrder.id]);
    const before = await countPaymentRows(ctx);

    const cases: [string, string][] = [
      [openOrder.id, `Заказ №${openOrder.number} пока нельзя оплатить: закупка «${open.purchase.title}» в статусе «Сбор заказов»`],
      [canceledOrder.id, `Заказ №${canceledOrder.number} отменён: оплачивать его не нужно`],
      [
        completed.orders[0]!.id,
        `Заказ №${completed.orders[0]!.number} пока нельзя оплатить: закупка «${completed.purchase.title}» в статусе «Завершена»`,
      ],
      [paidOrder.id, `Заказ №${paidOrder.number} уже оплачен`],
    ];
    for (const [id, message] of cases) {
      for (const method of ['card', 'transfer'] as const) expectError(await pay(ctx.app, client, [id], method), 409, { message });
      expectError(await payByLink(ctx.app, id, 'sbp'), 409, { message });
    }
    expect(await countPaymentRows(ctx)).toEqual(before);
  });

  it('every stage from «Оплата» to «Раздача» takes payments', async () => {
    for (const status of ['ordered', 'in_transit', 'at_warehouse', 'distribution']) {
      const { orders } = await purchaseWithOrders(ctx.app, admin, { status, orders: [{ phone: clientPhone, lines: goods(10_000) }] });
      expect((await paySandbox(ctx.app, client, [orders[0]!.id])).status, status).toBe('succeeded');
    }
  });

  it('a second payment while one is open → 409 naming the open payment; nothing is written', async () => {
    const [first, second] = await twoOrders();
    const open = (await payOk(ctx.app, client, [first.id], 'card')).payments[0]!;
    const before = await countPaymentRows(ctx);
    const message = `Заказ №${first.number} уже в оплате (платёж №${open.number}): дождитесь её результата или откажитесь от неё`;
    for (const method of ['card', 'sbp', 'transfer'] as const) {
      expectError(await pay(ctx.app, client, [first.id], method), 409, { message });
      expectError(await pay(ctx.app, client, [second.id, first.id], method), 409, { message });
    }
    expectError(await payByLink(ctx.app, first.id, 'card'), 409, { message });
    expect(await countPaymentRows(ctx)).toEqual(before);
    // The free order is still free.
    expect((await payOk(ctx.app, client, [second.id], 'card')).payments[0]!.amountKopecks).toBe(second.totalKopecks);
  });

  it('abandon closes the open payment and frees its orders', async () => {
    const [order] = await twoOrders();
    const open = (await payOk(ctx.app, client, [order.id], 'card')).payments[0]!;
    const res = await call(ctx.app, endpoints.payments.abandon, { params: { id: open.id }, headers: client });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({ status: 'canceled', reason: 'Вы отказались от этого платежа', confirmationUrl: null });
    // Pressing it again is harmless.
    expect((await call(ctx.app, endpoints.payments.abandon, { params: { id: open.id }, headers: client })).statusCode).toBe(200);
    const history = (await paymentDetails(ctx.app, admin, open.id)).history.map((h) => h.action);
    expect(history).toEqual(['created', 'abandoned']);

    const paid = await paySandbox(ctx.app, client, [order.id], 'pay', 'sbp');
    expect(paid.status).toBe('succeeded');
    expectError(await call(ctx.app, endpoints.payments.abandon, { params: { id: paid.id }, headers: client }), 409, {
      message: 'Этот платёж уже прошёл',
    });
    expectError(await call(ctx.app, endpoints.payments.abandon, { params: { id: NIL_UUID }, headers: client }), 404, {
      message: 'Платёж не найден',
    });
  });

  it('abandoning a payment the client has just paid keeps it paid (the provider is asked first)', async () => {
    const [order] = await twoOrders();
    const result = await payOk(ctx.app, client, [order.id], 'card');
    // The money came, but the notification has not been applied yet: the sandbox's own row says so.
    await ctx.database.db.execute(sql`update sandbox_payments set status = 'succeeded' where id = ${sandboxIdOf(result)}`);
    expectError(await call(ctx.app, endpoints.payments.abandon, { params: { id: result.payments[0]!.id }, headers: client }), 409, {
      message: 'Этот платёж уже прошёл',
    });
    await expectPaid(order);
  });

  it('nothing is asked beyond what is due: a grown order pays only the difference', async () => {
    const [order] = await twoOrders();
    await paySandbox(ctx.app, client, [order.id]);
    const edit = await call(ctx.app, endpoints.orders.update, {
      params: { id: order.id },
      headers: admin,
      body: {
        lines: [
          ...order.lines.map((l) => ({ product: l.product, quantity: l.quantity, unitPriceKopecks: l.unitPriceKopecks })),
          { product: 'Шапка', quantity: 1, unitPriceKopecks: 10_000 },
        ],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const grown = edit.json<OrderJson>();
    expect(grown.dueKopecks).toBe(11_500); // 100 ₽ and its 15 % fee
    const topUp = await paySandbox(ctx.app, client, [order.id]);
    expect(topUp.amountKopecks).toBe(11_500);
    expect(await mineById(order.id)).toMatchObject({ paidKopecks: grown.totalKopecks, dueKopecks: 0 });
  });

  it('bad requests answer 400 with the field', async () => {
    const [order] = await twoOrders();
    const post = (payload: Record<string, unknown>) =>
      callUnchecked(ctx.app, endpoints.payments.create, { headers: client, body: payload });
    expectError(await post({ orderIds: [], method: 'card' }), 400, {
      message: 'Выберите хотя бы один заказ или счёт за доставку',
      field: 'orderIds',
    });
    expectError(await post({ orderIds: [order.id, order.id], method: 'card' }), 400, { message: 'Заказ выбран дважды', field: 'orderIds' });
    expectError(await post({ orderIds: [order.id], method: 'cash' }), 400, { message: 'Выберите способ оплаты', field: 'method' });
    expectError(await call(ctx.app, endpoints.payments.get, { params: { id: NIL_UUID } }), 404, { message: 'Платёж не найден' });
    expectError(await ctx.app.inject({ method: 'GET', url: `/api/payments/sandbox/sb_${NIL_UUID}` }), 404);
    expectError(await sandboxDecide(ctx.app, `sb_${NIL_UUID}`, 'pay'), 404);
  });
});
