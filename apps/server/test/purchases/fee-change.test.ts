import { type CreatePaymentResult, endpoints, type PurchaseFeeChange, type RefundDue } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseEvents } from '../../src/tables.js';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { createCard, goods, orderByLink, payByLink, purchaseWithOrders, sandboxDecide, sandboxIdOf } from '../fixtures/payments-kit.js';
import { createPurchase, type OrderJson, type PurchaseJson, setStatus, walkTo } from '../fixtures/purchases-kit.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';

/**
 * The organizer fee after collection (issue 25, item 8): the ordinary edit no longer changes it; the
 * explicit action first answers how many orders and how much money a new fee moves, then reprices the
 * orders, writes the purchase's audit row, and an overpaid order shows in «К возврату».
 */

let ctx: TestContext;
let admin: Headers;
let cardId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  cardId = (await createCard(ctx.app, admin)).id;
});
afterAll(() => ctx.close());

function patch(id: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return call(ctx.app, endpoints.purchases.update, { params: { id }, headers: admin, body: payload });
}

function changeFee(id: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return callUnchecked(ctx.app, endpoints.purchases.changeFee, { params: { id }, headers: admin, body: payload });
}

async function changeFeeOk(id: string, payload: Record<string, unknown>): Promise<PurchaseFeeChange> {
  const res = await changeFee(id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PurchaseFeeChange>();
}

async function purchaseOf(id: string): Promise<PurchaseJson> {
  const res = await call(ctx.app, endpoints.purchases.get, { params: { id }, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PurchaseJson>();
}

async function refundsDue(): Promise<RefundDue[]> {
  const res = await call(ctx.app, endpoints.payments.refundsDue, { headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RefundDue[]>();
}

async function payInFull(order: OrderJson): Promise<void> {
  const res = await payByLink(ctx.app, order.id, 'card');
  expect(res.statusCode, res.body).toBe(201);
  expect((await sandboxDecide(ctx.app, sandboxIdOf(res.json<CreatePaymentResult>()), 'pay')).statusCode).toBe(200);
}

const eventsOf = (purchaseId: string) => ctx.database.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, purchaseId));

describe('the ordinary edit', () => {
  it('changes the fee while orders are collected', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Сбор', organizerFeePercent: 10 });
    expect((await patch(purchase.id, { organizerFeePercent: 12 })).statusCode).toBe(200);
    await walkTo(ctx.app, admin, purchase.id, 'open');
    expect((await patch(purchase.id, { organizerFeePercent: 12.5 })).statusCode).toBe(200);
    expect((await purchaseOf(purchase.id)).organizerFeePercent).toBe(12.5);
  });

  it('refuses another fee once the purchase left collection and writes nothing; the same fee passes', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'После сбора', organizerFeePercent: 10 });
    for (const status of ['stopped', 'payment', 'ordered'] as const) {
      await walkTo(ctx.app, admin, purchase.id, status);
      expectError(await patch(purchase.id, { title: 'Другое название', organizerFeePercent: 12 }), 409, {
        field: 'organizerFeePercent',
        message:
          /^Закупка в статусе «[^»]+»: сбор заказов закончен, и оргсбор здесь не меняется\. Измените его действием «Изменить оргсбор»/,
      });
      expect(await purchaseOf(purchase.id)).toMatchObject({ title: 'После сбора', organizerFeePercent: 10 });
    }
    // The form sends every field back, the unchanged fee among them.
    expect((await patch(purchase.id, { title: 'Новое название', organizerFeePercent: 10 })).statusCode).toBe(200);
    expect(await purchaseOf(purchase.id)).toMatchObject({ title: 'Новое название', organizerFeePercent: 10 });
  });
});

describe('the explicit fee change', () => {
  it('previews what it moves, then reprices the orders, writes the audit row and makes the overpayment a refund due', async () => {
    const { purchase, orders } = await purchaseWithOrders(ctx.app, admin, {
      fee: 10,
      cardId,
      orders: [
        { phone: '79006660001', lines: goods(100_000) },
        { phone: '79006660002', lines: goods(33_333) },
        { phone: '79006660003', lines: goods(50_000) },
      ],
    });
    const [a, b, c] = orders as [OrderJson, OrderJson, OrderJson];
    // At 10 %: 1 000 ₽ + 100 ₽; 333,33 ₽ + 33,333 → 33,33 ₽; 500 ₽ + 50 ₽.
    expect([a.totalKopecks, b.totalKopecks, c.totalKopecks]).toEqual([110_000, 36_666, 55_000]);
    await payInFull(a);
    await payInFull(b);

    // Up to 15 %: both paid orders owe again (5 000 and 4 999,95 → 5 000 fee, i.e. 50 ₽ and 16,67 ₽ more).
    const up = await changeFeeOk(purchase.id, { organizerFeePercent: 15, dryRun: true });
    expect(up).toEqual({
      purchaseId: purchase.id,
      isApplied: false,
      feeBeforePercent: 10,
      feeAfterPercent: 15,
      ordersCount: 3,
      changedOrdersCount: 3,
      totalBeforeKopecks: 110_000 + 36_666 + 55_000,
      totalAfterKopecks: 115_000 + 38_333 + 57_500,
      newlyDueOrdersCount: 2,
      newlyDueKopecks: 5_000 + 1_667,
      refundDueOrdersCount: 0,
      refundDueKopecks: 0,
    });
    // Down to 5 %: 1 050 ₽ (50 ₽ back) and 333,33 + 16,6665 → 16,67 ₽ = 350 ₽ (16,66 ₽ back).
    const preview = await changeFeeOk(purchase.id, { organizerFeePercent: 5, dryRun: true });
    const expectedDown = {
      purchaseId: purchase.id,
      feeBeforePercent: 10,
      feeAfterPercent: 5,
      ordersCount: 3,
      changedOrdersCount: 3,
      totalBeforeKopecks: 110_000 + 36_666 + 55_000,
      totalAfterKopecks: 105_000 + 35_000 + 52_500,
      newlyDueOrdersCount: 0,
      newlyDueKopecks: 0,
      refundDueOrdersCount: 2,
      refundDueKopecks: 5_000 + 1_666,
    };
    expect(preview).toEqual({ ...expectedDown, isApplied: false });
    // A preview changes nothing.
    expect((await purchaseOf(purchase.id)).organizerFeePercent).toBe(10);
    expect((await orderByLink(ctx.app, a.id)).totalKopecks).toBe(110_000);
    expect(await eventsOf(purchase.id)).toEqual([]);
    expect((await refundsDue()).filter((r) => r.purchaseId === purchase.id)).toEqual([]);

    expectError(await changeFee(purchase.id, { organizerFeePercent: 5 }), 400, {
      field: 'reason',
      message: 'Укажите причину: она останется в журнале закупки',
    });
    expect((await purchaseOf(purchase.id)).organizerFeePercent).toBe(10);

    const applied = await changeFeeOk(purchase.id, { organizerFeePercent: 5, reason: 'Поставщик дал скидку на доставку' });
    expect(applied).toEqual({ ...expectedDown, isApplied: true });
    expect((await purchaseOf(purchase.id)).organizerFeePercent).toBe(5);
    expect(await orderByLink(ctx.app, a.id)).toMatchObject({
      organizerFeeKopecks: 5_000,
      totalKopecks: 105_000,
      paidKopecks: 110_000,
      dueKopecks: 0,
      refundDueKopecks: 5_000,
      paymentState: 'paid',
    });
    expect(await orderByLink(ctx.app, c.id)).toMatchObject({ totalKopecks: 52_500, dueKopecks: 52_500, paymentState: 'unpaid' });

    const [event, ...more] = await eventsOf(purchase.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      action: 'fee_changed',
      actorName: 'Анна Смирнова',
      feeBeforeBasisPoints: 1000,
      feeAfterBasisPoints: 500,
      comment: 'Поставщик дал скидку на доставку',
    });
    expect(event!.actorId).not.toBeNull();
    const { purchaseId: _p, isApplied: _i, ...recorded } = applied;
    expect(event!.figures).toEqual(recorded);
    // The admin reads it in the purchase's history.
    const history = await call(ctx.app, endpoints.purchases.history, { params: { id: purchase.id }, headers: admin });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toEqual([
      {
        id: event!.id,
        action: 'fee_changed',
        actorName: 'Анна Смирнова',
        feeBeforePercent: 10,
        feeAfterPercent: 5,
        figures: recorded,
        comment: 'Поставщик дал скидку на доставку',
        createdAt: event!.createdAt.toISOString(),
      },
    ]);

    // «К возврату» by the ordinary overpaid rule.
    const listed = new Map((await refundsDue()).filter((r) => r.purchaseId === purchase.id).map((r) => [r.orderId, r.refundDueKopecks]));
    expect(listed).toEqual(
      new Map([
        [a.id, 5_000],
        [b.id, 1_666],
      ]),
    );

    expectError(await changeFee(purchase.id, { organizerFeePercent: 5, reason: 'Ещё раз' }), 409, {
      field: 'organizerFeePercent',
      message: 'Оргсбор закупки уже 5 %',
    });
    expect(await eventsOf(purchase.id)).toHaveLength(1);
  });

  it('an open payment holds the orders: the preview and the change both say so and change nothing', async () => {
    const { purchase, orders } = await purchaseWithOrders(ctx.app, admin, {
      fee: 10,
      cardId,
      orders: [{ phone: '79006660011', lines: goods(20_000) }],
    });
    const started = await payByLink(ctx.app, orders[0]!.id, 'card');
    expect(started.statusCode, started.body).toBe(201);
    const held = `Заказ №${orders[0]!.number} в оплате (платёж №${started.json<CreatePaymentResult>().payments[0]!.number}): сначала отмените платёж на странице «Оплаты»`;
    expectError(await changeFee(purchase.id, { organizerFeePercent: 12, dryRun: true }), 409, { message: held });
    expectError(await changeFee(purchase.id, { organizerFeePercent: 12, reason: 'Пересчёт' }), 409, { message: held });
    expect((await purchaseOf(purchase.id)).organizerFeePercent).toBe(10);
    expect(await eventsOf(purchase.id)).toEqual([]);
  });

  it('is refused for a completed or canceled purchase, and answers 404 for none', async () => {
    const canceled = await createPurchase(ctx.app, admin, { title: 'Отменённая', organizerFeePercent: 10 });
    expect((await setStatus(ctx.app, admin, canceled.id, 'canceled')).statusCode).toBe(200);
    expectError(await changeFee(canceled.id, { organizerFeePercent: 5, dryRun: true }), 409, {
      message: 'Закупка в статусе «Отменена»: её оргсбор больше не меняется',
    });
    const completed = await createPurchase(ctx.app, admin, { title: 'Завершённая', organizerFeePercent: 10 });
    await walkTo(ctx.app, admin, completed.id, 'completed');
    expectError(await changeFee(completed.id, { organizerFeePercent: 5, reason: 'Поздно' }), 409, {
      message: 'Закупка в статусе «Завершена»: её оргсбор больше не меняется',
    });
    expectError(await changeFee('00000000-0000-4000-8000-000000000000', { organizerFeePercent: 5, dryRun: true }), 404, {
      message: 'Закупка не найдена',
    });
    expectError(await changeFee(completed.id, { organizerFeePercent: 101, dryRun: true }), 400, { field: 'organizerFeePercent' });
  });
});
