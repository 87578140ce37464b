import {
  endpoints,
  type Payment,
  type PublicOrder,
  type ReceiveBody,
  type ReceivingSheet,
  type RefundDue,
  type RefundDueResult,
} from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRefunds, sandboxPayments } from '../../src/tables.js';
import { expectError } from '../fixtures/api-assertions.js';
import { lastOutboxMessage } from '../fixtures/accounts-kit.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { type Headers, NIL_UUID, call } from '../fixtures/requests.js';
import { type CardJson, type OrderJson, walkTo } from '../fixtures/purchases-kit.js';
import { balanceOf, ledgerCheck } from '../bonus/bonus-kit.js';
import {
  createCard,
  getPayment,
  myOrders,
  orderByLink,
  type OrderSpec,
  payByTransfer,
  paymentDetails,
  paySandbox,
  purchaseWithOrders,
} from '../fixtures/payments-kit.js';

/**
 * Refunds due: receiving marks units missing, the order's total falls below what was paid, and the
 * admin returns exactly the difference from the order's payments, newest first — online through the
 * provider (the sandbox here), transfers and cash with a comment on how the money went back.
 */

let ctx: TestContext;
let admin: Headers;
let storekeeper: Headers;
let client: Headers;
let card: CardJson;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  storekeeper = await signInAs(ctx.app, 'storekeeper');
  client = await signInAs(ctx.app, 'client');
  card = await createCard(ctx.app, admin);
});
afterAll(() => ctx.close());

const dresses = (quantity: number, unitPriceKopecks = 100_000): OrderSpec['lines'] => [{ product: 'Платье', quantity, unitPriceKopecks }];

/** A purchase with one order of the demo client, in payment. */
async function orderInPayment(lines: OrderSpec['lines'], fee = 0): Promise<OrderJson> {
  const { orders } = await purchaseWithOrders(ctx.app, admin, { cardId: card.id, fee, orders: [{ phone: demoPhones.client, lines }] });
  return orders[0]!;
}

/** The purchase goes on the way and the storekeeper marks what arrived of each product, as the warehouse does. */
async function receiveShort(order: OrderJson, arrivedByProduct: Record<string, number>): Promise<PublicOrder> {
  await walkTo(ctx.app, admin, order.purchase.id, 'in_transit');
  const sheetRes = await call(ctx.app, endpoints.warehouse.receivingSheet, { params: { id: order.purchase.id }, headers: storekeeper });
  expect(sheetRes.statusCode, sheetRes.body).toBe(200);
  const marks: ReceiveBody['marks'] = sheetRes
    .json<ReceivingSheet>()
    .groups.filter((g) => g.product in arrivedByProduct)
    .map((g) => ({ lineIds: g.lines.map((l) => l.lineId), arrivedQuantity: arrivedByProduct[g.product]! }));
  const res = await call(ctx.app, endpoints.warehouse.receive, {
    params: { id: order.purchase.id },
    headers: storekeeper,
    body: { marks } satisfies ReceiveBody,
  });
  expect(res.statusCode, res.body).toBe(200);
  return orderByLink(ctx.app, order.id);
}

async function refundsDue(): Promise<RefundDue[]> {
  const res = await call(ctx.app, endpoints.payments.refundsDue, { headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RefundDue[]>();
}

function refundDue(orderId: string, body: Record<string, unknown> = {}, headers: Headers = admin): Promise<LightMyRequestResponse> {
  return call(ctx.app, endpoints.payments.refundDue, { params: { orderId }, headers, body: body });
}

async function refundDueOk(orderId: string, body: Record<string, unknown> = {}): Promise<RefundDueResult> {
  const res = await refundDue(orderId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RefundDueResult>();
}

async function refundRowsOf(paymentId: string) {
  return ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
}

async function sandboxRefundedOf(payment: Payment): Promise<number> {
  const details = await paymentDetails(ctx.app, admin, payment.id);
  const [row] = await ctx.database.db
    .select({ refunded: sandboxPayments.refundedKopecks })
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, details.providerPaymentId!));
  return row!.refunded;
}

const moneyOf = (o: PublicOrder) => ({ totalKopecks: o.totalKopecks, paidKopecks: o.paidKopecks, refundDueKopecks: o.refundDueKopecks });

describe('a card payment (sandbox)', () => {
  it('receiving short makes a refund due; «Вернуть» gives back exactly it through the provider, once', async () => {
    const order = await orderInPayment(dresses(3));
    const paid = await paySandbox(ctx.app, client, [order.id]);
    expect(paid).toMatchObject({ status: 'succeeded', amountKopecks: 300_000 });
    expect((await refundsDue()).map((r) => r.orderId)).not.toContain(order.id);

    const received = await receiveShort(order, { Платье: 2 });
    expect(moneyOf(received)).toEqual({ totalKopecks: 200_000, paidKopecks: 300_000, refundDueKopecks: 100_000 });
    expect(received.lines[0]).toMatchObject({ quantity: 3, arrivedQuantity: 2, missingQuantity: 1 });

    const listed = (await refundsDue()).find((r) => r.orderId === order.id);
    expect(listed).toEqual({
      orderId: order.id,
      orderNumber: order.number,
      isCanceled: false,
      purchaseId: order.purchase.id,
      purchaseTitle: order.purchase.title,
      clientName: 'Клиент',
      phone: demoPhones.client,
      totalKopecks: 200_000,
      paidKopecks: 300_000,
      refundDueKopecks: 100_000,
      payments: [
        {
          paymentId: paid.id,
          number: paid.number,
          method: 'card',
          isOnline: true,
          paidAt: paid.paidAt,
          refundableKopecks: 300_000,
          refundKopecks: 100_000,
        },
      ],
    });

    // Online money goes back through the provider: no comment needed.
    const result = await refundDueOk(order.id);
    expect(result).toEqual({
      orderId: order.id,
      orderNumber: order.number,
      refundedKopecks: 100_000,
      totalKopecks: 200_000,
      paidKopecks: 200_000,
      refundDueKopecks: 0,
      payments: [{ paymentId: paid.id, number: paid.number, amountKopecks: 100_000 }],
    });
    expect(moneyOf(await orderByLink(ctx.app, order.id))).toEqual({ totalKopecks: 200_000, paidKopecks: 200_000, refundDueKopecks: 0 });
    expect((await orderByLink(ctx.app, order.id)).paymentState).toBe('paid');

    expect(await getPayment(ctx.app, paid.id)).toMatchObject({ status: 'succeeded', amountKopecks: 300_000, refundedKopecks: 100_000 });
    expect(await sandboxRefundedOf(paid)).toBe(100_000);
    const rows = await refundRowsOf(paid.id);
    expect(rows.map((r) => r.amountKopecks)).toEqual([100_000]);
    expect(rows[0]!.providerRefundId).toMatch(/^sbr_/);
    const entry = (await paymentDetails(ctx.app, admin, paid.id)).history.at(-1)!;
    expect(entry).toMatchObject({
      action: 'refunded',
      actorName: 'Анна Смирнова',
      statusBefore: 'succeeded',
      statusAfter: 'succeeded',
      amountKopecks: 100_000,
      orders: [{ number: order.number, paidBeforeKopecks: 300_000, paidAfterKopecks: 200_000 }],
    });
    expect(entry.comment).toMatch(new RegExp(`^Переплата по заказу №${order.number}; возврат у платёжного сервиса sbr_`));
    expect(await lastOutboxMessage(ctx.app, demoPhones.client, 'payment_refunded')).toMatch(
      new RegExp(`^Вместе: возврат 1\\s000,00\\s₽ по платежу №${paid.number}\\.$`),
    );

    expect((await refundsDue()).map((r) => r.orderId)).not.toContain(order.id);
    // Twice is once.
    expectError(await refundDue(order.id), 409, { message: `Возвращать нечего: заказ №${order.number} не оплачен сверх суммы` });
    expect(await refundRowsOf(paid.id)).toHaveLength(1);
    expect(await sandboxRefundedOf(paid)).toBe(100_000);
  });

  it('the organizer fee falls with the goods: the refund due is the whole difference, fee included', async () => {
    const order = await orderInPayment(dresses(2, 33_333), 5);
    // 66 666 + 5 % half-up (3 333,3 → 3 333) = 69 999
    expect(order.totalKopecks).toBe(69_999);
    const paid = await paySandbox(ctx.app, client, [order.id], 'pay', 'sbp');
    const received = await receiveShort(order, { Платье: 1 });
    // 33 333 + 1 666,65 → 1 667 = 35 000
    expect(moneyOf(received)).toEqual({ totalKopecks: 35_000, paidKopecks: 69_999, refundDueKopecks: 34_999 });
    expect((await refundDueOk(order.id)).refundedKopecks).toBe(34_999);
    expect(await getPayment(ctx.app, paid.id)).toMatchObject({ status: 'succeeded', refundedKopecks: 34_999 });
    expect(moneyOf(await orderByLink(ctx.app, order.id))).toEqual({ totalKopecks: 35_000, paidKopecks: 35_000, refundDueKopecks: 0 });
  });

  it('nothing arrived: all the money goes back and the payment is refunded', async () => {
    const order = await orderInPayment(dresses(1));
    const paid = await paySandbox(ctx.app, client, [order.id]);
    const received = await receiveShort(order, { Платье: 0 });
    expect(moneyOf(received)).toEqual({ totalKopecks: 0, paidKopecks: 100_000, refundDueKopecks: 100_000 });
    // The client still sees the order among the paid ones, with the money owed back.
    expect((await myOrders(ctx.app, client, 'paid')).find((o) => o.id === order.id)).toMatchObject({ refundDueKopecks: 100_000 });
    expect((await refundDueOk(order.id)).refundedKopecks).toBe(100_000);
    expect((await myOrders(ctx.app, client, 'paid')).map((o) => o.id)).not.toContain(order.id);
    expect(await getPayment(ctx.app, paid.id)).toMatchObject({ status: 'refunded', refundedKopecks: 100_000 });
    expect(await orderByLink(ctx.app, order.id)).toMatchObject({ paidKopecks: 0, dueKopecks: 0, refundDueKopecks: 0, isCanceled: false });
  });
});

describe('a transfer', () => {
  it('needs a comment saying how the money went back (400 without); then it is marked refunded', async () => {
    const order = await orderInPayment(dresses(4, 25_000));
    const [transfer] = (await payByTransfer(ctx.app, client, admin, [order.id])) as [Payment];
    await receiveShort(order, { Платье: 3 });
    const listed = (await refundsDue()).find((r) => r.orderId === order.id)!;
    expect(listed.payments).toEqual([
      expect.objectContaining({ paymentId: transfer.id, method: 'transfer', isOnline: false, refundKopecks: 25_000 }),
    ]);

    expectError(await refundDue(order.id), 400, { message: 'Укажите комментарий: как и куда вернули деньги', field: 'comment' });
    expectError(await refundDue(order.id, { comment: '   ' }), 400, { field: 'comment' });
    expect((await getPayment(ctx.app, transfer.id)).refundedKopecks).toBe(0);
    expect(await refundRowsOf(transfer.id)).toHaveLength(0);

    const result = await refundDueOk(order.id, { comment: 'Перевели обратно на карту клиента' });
    expect(result).toMatchObject({ refundedKopecks: 25_000, totalKopecks: 75_000, paidKopecks: 75_000, refundDueKopecks: 0 });
    expect(await getPayment(ctx.app, transfer.id)).toMatchObject({ status: 'succeeded', amountKopecks: 100_000, refundedKopecks: 25_000 });
    const entry = (await paymentDetails(ctx.app, admin, transfer.id)).history.at(-1)!;
    expect(entry).toMatchObject({
      action: 'refunded',
      amountKopecks: 25_000,
      comment: `Переплата по заказу №${order.number}; Перевели обратно на карту клиента`,
      orders: [{ number: order.number, paidBeforeKopecks: 100_000, paidAfterKopecks: 75_000 }],
    });
    const [row] = await refundRowsOf(transfer.id);
    expect(row).toMatchObject({ amountKopecks: 25_000, providerRefundId: null });
    expect(await lastOutboxMessage(ctx.app, demoPhones.client, 'payment_refunded')).toMatch(
      new RegExp(`^Вместе: возврат 250,00\\s₽ по платежу №${transfer.number}\\.$`),
    );
  });

  it('an order paid twice (a card, then a transfer of the extra charge): the newest payment goes back first', async () => {
    const order = await orderInPayment(dresses(2));
    const byCard = await paySandbox(ctx.app, client, [order.id]);
    // The total grows after the payment: the extra charge is paid by transfer.
    const edited = await call(ctx.app, endpoints.orders.update, {
      params: { id: order.id },
      headers: admin,
      body: { lines: [...dresses(2), { product: 'Шарф', quantity: 1, unitPriceKopecks: 50_000 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [byTransfer] = (await payByTransfer(ctx.app, client, admin, [order.id])) as [Payment];
    expect(byTransfer.amountKopecks).toBe(50_000);

    const received = await receiveShort(order, { Платье: 1, Шарф: 1 });
    expect(moneyOf(received)).toEqual({ totalKopecks: 150_000, paidKopecks: 250_000, refundDueKopecks: 100_000 });
    const listed = (await refundsDue()).find((r) => r.orderId === order.id)!;
    expect(listed.payments.map((p) => [p.number, p.refundableKopecks, p.refundKopecks])).toEqual([
      [byTransfer.number, 50_000, 50_000],
      [byCard.number, 200_000, 50_000],
    ]);

    expectError(await refundDue(order.id), 400, { field: 'comment' });
    const result = await refundDueOk(order.id, { comment: 'Переводом на карту клиента' });
    expect(result.payments).toEqual([
      { paymentId: byTransfer.id, number: byTransfer.number, amountKopecks: 50_000 },
      { paymentId: byCard.id, number: byCard.number, amountKopecks: 50_000 },
    ]);
    expect(result).toMatchObject({ refundedKopecks: 100_000, paidKopecks: 150_000, refundDueKopecks: 0 });
    expect(await getPayment(ctx.app, byTransfer.id)).toMatchObject({ status: 'refunded', refundedKopecks: 50_000 });
    expect(await getPayment(ctx.app, byCard.id)).toMatchObject({ status: 'succeeded', refundedKopecks: 50_000 });
    expect(await sandboxRefundedOf(byCard)).toBe(50_000);
  });
});

describe('to the bonus account (issue 26, item 3)', () => {
  it('goods that did not arrive, paid by card: the refund due goes to bonuses, the provider is not asked, once', async () => {
    const order = await orderInPayment(dresses(3));
    const paid = await paySandbox(ctx.app, client, [order.id]);
    await receiveShort(order, { Платье: 2 });
    const before = await balanceOf(ctx.app, client);

    expect(await refundDueOk(order.id, { to: 'bonus' })).toMatchObject({
      refundedKopecks: 100_000,
      paidKopecks: 200_000,
      refundDueKopecks: 0,
      payments: [{ paymentId: paid.id, number: paid.number, amountKopecks: 100_000 }],
    });
    expect((await balanceOf(ctx.app, client)) - before).toBe(100_000);
    expect(await sandboxRefundedOf(paid)).toBe(0);
    expect((await refundRowsOf(paid.id)).map((r) => [r.destination, r.status, r.amountKopecks])).toEqual([['bonus', 'succeeded', 100_000]]);
    expect(moneyOf(await orderByLink(ctx.app, order.id))).toEqual({ totalKopecks: 200_000, paidKopecks: 200_000, refundDueKopecks: 0 });
    expect((await refundsDue()).map((r) => r.orderId)).not.toContain(order.id);

    // Pressed again, with either destination: nothing is left, nothing goes back twice.
    expectError(await refundDue(order.id, { to: 'bonus' }), 409, {
      message: `Возвращать нечего: заказ №${order.number} не оплачен сверх суммы`,
    });
    expectError(await refundDue(order.id, { to: 'money' }), 409, { message: /^Возвращать нечего/ });
    expect((await balanceOf(ctx.app, client)) - before).toBe(100_000);
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });

  it('a transfer to bonuses needs no comment (nothing goes back by hand)', async () => {
    const order = await orderInPayment(dresses(2));
    await payByTransfer(ctx.app, client, admin, [order.id]);
    await receiveShort(order, { Платье: 1 });
    const before = await balanceOf(ctx.app, client);
    expectError(await refundDue(order.id), 400, { message: 'Укажите комментарий: как и куда вернули деньги' });
    expect((await refundDueOk(order.id, { to: 'bonus' })).refundedKopecks).toBe(100_000);
    expect((await balanceOf(ctx.app, client)) - before).toBe(100_000);
  });

  it('an unknown destination is refused with a Russian 400', async () => {
    const res = await refundDue(NIL_UUID, { to: 'card' });
    expectError(res, 400, { message: 'Куда вернуть: money или bonus' });
  });
});

describe('what cannot be refunded', () => {
  it('an order not paid beyond its total, an unknown order, a non-admin', async () => {
    const order = await orderInPayment(dresses(1));
    await paySandbox(ctx.app, client, [order.id]);
    expectError(await refundDue(order.id), 409, { message: `Возвращать нечего: заказ №${order.number} не оплачен сверх суммы` });
    expectError(await refundDue(NIL_UUID), 404, { message: 'Заказ не найден' });
    expectError(await refundDue('не-заказ'), 400, { message: 'Заказ не найден' });
    expectError(await refundDue(order.id, {}, storekeeper), 403);
    expectError(await call(ctx.app, endpoints.payments.refundsDue, { headers: client }), 403);
  });

  it('a refund of the whole payment after the list was read: the due is recomputed, nothing more goes back', async () => {
    const order = await orderInPayment(dresses(2));
    const paid = await paySandbox(ctx.app, client, [order.id]);
    await receiveShort(order, { Платье: 1 });
    // Another admin gives back the whole payment through the payment's own «Вернуть».
    const whole = await call(ctx.app, endpoints.payments.refund, { params: { id: paid.id }, headers: admin, body: {} });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(moneyOf(await orderByLink(ctx.app, order.id))).toEqual({ totalKopecks: 100_000, paidKopecks: 0, refundDueKopecks: 0 });
    expectError(await refundDue(order.id), 409, { message: /^Возвращать нечего/ });
    expect(await sandboxRefundedOf(paid)).toBe(200_000);
  });
});

describe.skipIf(!isPostgresRun)('concurrency (PostgreSQL only: PGlite has one connection, so requests never overlap)', () => {
  const statusCounts = (answers: LightMyRequestResponse[]) =>
    answers.reduce<Record<number, number>>((counts, res) => ({ ...counts, [res.statusCode]: (counts[res.statusCode] ?? 0) + 1 }), {});

  it('two admins pressing «Вернуть» at once: the money goes back once, at the provider too', async () => {
    const order = await orderInPayment(dresses(3));
    const paid = await paySandbox(ctx.app, client, [order.id]);
    await receiveShort(order, { Платье: 2 });
    const answers = await Promise.all([refundDue(order.id), refundDue(order.id)]);
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 1 });
    expect(answers.find((r) => r.statusCode === 409)!.json<{ message: string }>().message).toMatch(/уже оформлен|^Возвращать нечего/);
    expect(await refundRowsOf(paid.id)).toHaveLength(1);
    expect(await getPayment(ctx.app, paid.id)).toMatchObject({ status: 'succeeded', refundedKopecks: 100_000 });
    expect(await sandboxRefundedOf(paid)).toBe(100_000);
    expect(moneyOf(await orderByLink(ctx.app, order.id))).toEqual({ totalKopecks: 200_000, paidKopecks: 200_000, refundDueKopecks: 0 });
  });

  it('ten presses on an order paid by card and transfer: each payment gives back its part once', async () => {
    const order = await orderInPayment(dresses(2));
    const byCard = await paySandbox(ctx.app, client, [order.id]);
    const edited = await call(ctx.app, endpoints.orders.update, {
      params: { id: order.id },
      headers: admin,
      body: { lines: [...dresses(2), { product: 'Шарф', quantity: 1, unitPriceKopecks: 50_000 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [byTransfer] = (await payByTransfer(ctx.app, client, admin, [order.id])) as [Payment];
    await receiveShort(order, { Платье: 1, Шарф: 1 });

    const answers = await Promise.all(Array.from({ length: 10 }, () => refundDue(order.id, { comment: 'Вернули переводом' })));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    expect((await refundRowsOf(byTransfer.id)).map((r) => r.amountKopecks)).toEqual([50_000]);
    expect((await refundRowsOf(byCard.id)).map((r) => r.amountKopecks)).toEqual([50_000]);
    expect(await sandboxRefundedOf(byCard)).toBe(50_000);
    expect(moneyOf(await orderByLink(ctx.app, order.id))).toEqual({ totalKopecks: 150_000, paidKopecks: 150_000, refundDueKopecks: 0 });
  });

  it('«Вернуть» to the card and to bonuses pressed at once, five times each: one of them, never both', async () => {
    const order = await orderInPayment(dresses(3));
    const paid = await paySandbox(ctx.app, client, [order.id]);
    await receiveShort(order, { Платье: 2 });
    const before = await balanceOf(ctx.app, client);

    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => refundDue(order.id, { to: i % 2 === 0 ? 'money' : 'bonus' })));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 9 });
    const toBonus = (await balanceOf(ctx.app, client)) - before;
    const toCard = await sandboxRefundedOf(paid);
    // Exactly the refund due went back, by one of the two ways.
    expect([toBonus, toCard].sort()).toEqual([0, 100_000]);
    expect((await refundRowsOf(paid.id)).map((r) => r.amountKopecks)).toEqual([100_000]);
    expect(await getPayment(ctx.app, paid.id)).toMatchObject({ status: 'succeeded', refundedKopecks: 100_000 });
    expect(moneyOf(await orderByLink(ctx.app, order.id))).toEqual({ totalKopecks: 200_000, paidKopecks: 200_000, refundDueKopecks: 0 });
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });
});
