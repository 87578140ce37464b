import type { Payment } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRefunds } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { lastOutboxMessage } from '../fixtures/accounts-kit.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { type Headers, NIL_UUID } from '../fixtures/requests.js';
import { type CardJson, type OrderJson, walkTo } from '../fixtures/purchases-kit.js';
import {
  adminAction,
  adminActionOk,
  createCard,
  getPayment,
  goods,
  myOrders,
  orderByLink,
  payByTransfer,
  payOk,
  paySandbox,
  purchaseWithOrders,
  recordCash,
} from '../fixtures/payments-kit.js';

/**
 * Refunds: the whole payment or one order's part, online through the provider (here the sandbox),
 * transfers and cash marked with a comment. What goes back is due again, unless the order's
 * purchase is canceled — then the order is canceled instead.
 */

let ctx: TestContext;
let admin: Headers;
let client: Headers;
let card: CardJson;
const ADMIN_NAME = 'Анна Смирнова';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
  card = await createCard(ctx.app, admin);
});
afterAll(() => ctx.close());

async function twoOrders(first = 40_000, second = 60_000): Promise<[OrderJson, OrderJson]> {
  const { orders } = await purchaseWithOrders(ctx.app, admin, {
    cardId: card.id,
    orders: [{ phone: demoPhones.client, lines: goods(first) }],
  });
  const other = await purchaseWithOrders(ctx.app, admin, { cardId: card.id, orders: [{ phone: demoPhones.client, lines: goods(second) }] });
  return [orders[0]!, other.orders[0]!];
}

async function moneyOf(orderId: string) {
  const order = await orderByLink(ctx.app, orderId);
  return { paidKopecks: order.paidKopecks, dueKopecks: order.dueKopecks, isCanceled: order.isCanceled };
}

async function refundRows(paymentId: string) {
  return ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
}

describe('refund of an online payment', () => {
  it('one order’s part, then the rest; each makes its amount due again', async () => {
    const [a, b] = await twoOrders();
    const paid = await paySandbox(ctx.app, client, [a.id, b.id]);
    expect(paid.status).toBe('succeeded');

    const partial = await adminActionOk(ctx.app, admin, paid.id, 'refund', { orderId: a.id });
    expect(partial).toMatchObject({ status: 'succeeded', refundedKopecks: 40_000 });
    expect(partial.items.map((i) => [i.orderId, i.refundedKopecks])).toEqual([
      [a.id, 40_000],
      [b.id, 0],
    ]);
    const entry = partial.history.at(-1)!;
    expect(entry).toMatchObject({
      action: 'refunded',
      actorName: ADMIN_NAME,
      statusBefore: 'succeeded',
      statusAfter: 'succeeded',
      amountKopecks: 40_000,
      orders: [{ number: a.number, paidBeforeKopecks: 40_000, paidAfterKopecks: 0 }],
    });
    expect(entry.comment).toMatch(/^возврат у платёжного сервиса sbr_/);
    expect(await moneyOf(a.id)).toEqual({ paidKopecks: 0, dueKopecks: 40_000, isCanceled: false });
    expect(await moneyOf(b.id)).toEqual({ paidKopecks: 60_000, dueKopecks: 0, isCanceled: false });
    expect((await myOrders(ctx.app, client, 'unpaid')).map((o) => o.id)).toContain(a.id);
    expect(await lastOutboxMessage(ctx.app, demoPhones.client, 'payment_refunded')).toMatch(
      /^Вместе: возврат 400,00\s₽ по платежу №\d+\.$/,
    );

    expectError(await adminAction(ctx.app, admin, paid.id, 'refund', { orderId: a.id }), 409, {
      message: 'Возвращать нечего: эти деньги уже вернули',
    });

    const rest = await adminActionOk(ctx.app, admin, paid.id, 'refund', { comment: 'Товар не приехал' });
    expect(rest).toMatchObject({ status: 'refunded', refundedKopecks: 100_000 });
    expect(rest.history.at(-1)).toMatchObject({
      amountKopecks: 60_000,
      statusBefore: 'succeeded',
      statusAfter: 'refunded',
      orders: [{ number: b.number, paidBeforeKopecks: 60_000, paidAfterKopecks: 0 }],
    });
    expect(rest.history.at(-1)!.comment).toMatch(/^Товар не приехал; возврат у платёжного сервиса sbr_/);
    expect(await moneyOf(b.id)).toEqual({ paidKopecks: 0, dueKopecks: 60_000, isCanceled: false });
    expect((await refundRows(paid.id)).map((r) => r.amountKopecks).sort()).toEqual([40_000, 60_000]);

    // Twice is once.
    expectError(await adminAction(ctx.app, admin, paid.id, 'refund', {}), 409, {
      message: `Вернуть можно только прошедший платёж; платёж №${paid.number} — нет`,
    });
    expect(await refundRows(paid.id)).toHaveLength(2);
    // What was given back is paid again like any due.
    expect((await paySandbox(ctx.app, client, [a.id, b.id])).amountKopecks).toBe(100_000);
  });

  it('the whole payment at once', async () => {
    const [a, b] = await twoOrders(12_345, 67_890);
    const paid = await paySandbox(ctx.app, client, [a.id, b.id], 'pay', 'sbp');
    const refunded = await adminActionOk(ctx.app, admin, paid.id, 'refund');
    expect(refunded).toMatchObject({ status: 'refunded', refundedKopecks: 80_235 });
    expect(refunded.history.at(-1)!.orders).toEqual([
      { number: a.number, paidBeforeKopecks: 12_345, paidAfterKopecks: 0 },
      { number: b.number, paidBeforeKopecks: 67_890, paidAfterKopecks: 0 },
    ]);
    expect(await refundRows(paid.id)).toHaveLength(2);
    expect((await getPayment(ctx.app, paid.id)).items.every((i) => i.refundedKopecks === i.amountKopecks)).toBe(true);
  });

  it('what cannot be refunded: an open payment, an order not in the payment', async () => {
    const [a, b] = await twoOrders();
    const open = (await payOk(ctx.app, client, [a.id], 'card')).payments[0]!;
    expectError(await adminAction(ctx.app, admin, open.id, 'refund'), 409, {
      message: `Вернуть можно только прошедший платёж; платёж №${open.number} — нет`,
    });
    const paid = await paySandbox(ctx.app, client, [b.id]);
    expectError(await adminAction(ctx.app, admin, paid.id, 'refund', { orderId: a.id }), 404, {
      message: 'Этого заказа нет в платеже',
      field: 'orderId',
    });
    expectError(await adminAction(ctx.app, admin, NIL_UUID, 'refund'), 404, { message: 'Платёж не найден' });
    expect((await getPayment(ctx.app, paid.id)).refundedKopecks).toBe(0);
  });
});

describe('refund of a transfer or cash', () => {
  it('needs a comment saying how the money went back (400 without)', async () => {
    const [a, b] = await twoOrders();
    const [transfer] = (await payByTransfer(ctx.app, client, admin, [a.id])) as [Payment];
    const cashRes = await recordCash(ctx.app, admin, b.id);
    expect(cashRes.statusCode).toBe(201);
    const cash = cashRes.json<Payment>();
    for (const payment of [transfer, cash]) {
      expectError(await adminAction(ctx.app, admin, payment.id, 'refund', {}), 400, {
        message: 'Укажите комментарий: как и куда вернули деньги',
        field: 'comment',
      });
      expectError(await adminAction(ctx.app, admin, payment.id, 'refund', { comment: '   ' }), 400, { field: 'comment' });
      expect((await getPayment(ctx.app, payment.id)).refundedKopecks).toBe(0);
      const refunded = await adminActionOk(ctx.app, admin, payment.id, 'refund', { comment: 'Перевели обратно на карту клиента' });
      expect(refunded).toMatchObject({ status: 'refunded', refundedKopecks: payment.amountKopecks });
      expect(refunded.history.at(-1)).toMatchObject({
        action: 'refunded',
        comment: 'Перевели обратно на карту клиента',
        actorName: ADMIN_NAME,
      });
    }
    expect(await moneyOf(a.id)).toMatchObject({ paidKopecks: 0, dueKopecks: 40_000 });
    expect(await moneyOf(b.id)).toMatchObject({ paidKopecks: 0, dueKopecks: 60_000 });
  });

  it('per order of a transfer of two orders', async () => {
    const [a, b] = await twoOrders(10_000, 20_000);
    const { payments } = await payOk(ctx.app, client, [a.id, b.id], 'transfer');
    expect(payments).toHaveLength(1);
    await adminActionOk(ctx.app, admin, payments[0]!.id, 'confirm');
    const refunded = await adminActionOk(ctx.app, admin, payments[0]!.id, 'refund', { orderId: b.id, comment: 'Наличными на выдаче' });
    expect(refunded).toMatchObject({ status: 'succeeded', refundedKopecks: 20_000 });
    expect(await moneyOf(a.id)).toMatchObject({ paidKopecks: 10_000, dueKopecks: 0 });
    expect(await moneyOf(b.id)).toMatchObject({ paidKopecks: 0, dueKopecks: 20_000 });
  });
});

describe('a canceled purchase', () => {
  it('a refund of an order whose purchase is canceled leaves it canceled and owing nothing', async () => {
    const [a] = await twoOrders();
    const paid = await paySandbox(ctx.app, client, [a.id]);
    await walkTo(ctx.app, admin, a.purchase.id, 'canceled');
    // The purchase's cancellation cancels its paid orders too; their money stays on them until it goes back.
    expect(await moneyOf(a.id)).toEqual({ paidKopecks: 40_000, dueKopecks: 0, isCanceled: true });
    const refunded = await adminActionOk(ctx.app, admin, paid.id, 'refund');
    expect(refunded.history.at(-1)!.orders).toEqual([{ number: a.number, paidBeforeKopecks: 40_000, paidAfterKopecks: 0 }]);
    expect(await moneyOf(a.id)).toEqual({ paidKopecks: 0, dueKopecks: 0, isCanceled: true });
    expect((await myOrders(ctx.app, client, 'unpaid')).map((o) => o.id)).not.toContain(a.id);
  });

  it('cancelling a purchase closes the open payments of its orders', async () => {
    const [a] = await twoOrders();
    const open = (await payOk(ctx.app, client, [a.id], 'transfer')).payments[0]!;
    await walkTo(ctx.app, admin, a.purchase.id, 'canceled');
    expect(await getPayment(ctx.app, open.id)).toMatchObject({ status: 'canceled', reason: 'Закупка отменена' });
    expect(await moneyOf(a.id)).toEqual({ paidKopecks: 0, dueKopecks: 0, isCanceled: true });
  });
});
