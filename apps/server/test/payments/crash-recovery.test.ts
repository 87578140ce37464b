import { endpoints } from '@vmeste/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { moneyDifferences } from '../fixtures/money-audit.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';
import type { OrderJson } from '../fixtures/purchases-kit.js';
import {
  adminAction,
  adminActionOk,
  countPaymentRows,
  createCard,
  getPayment,
  goods,
  orderByLink,
  paymentDetails,
  payOk,
  purchaseWithOrders,
  receiptFiles,
  recordCash,
  uploadReceipt,
} from '../fixtures/payments-kit.js';
import { startYooKassaEmulator, type YooKassaEmulator } from '../../src/integrations/yookassa/emulator/yookassa-emulator.js';

/**
 * A process that dies in the middle of settling a payment: simulated by the orders area failing
 * inside the transaction, after the payment's own rows were already changed. Either everything of
 * the step is written or nothing is, and doing the step again (YooKassa's redelivery, the admin's
 * second press) finishes it once.
 */

let yk: YooKassaEmulator;
let ctx: TestContext;
let admin: Headers;
let client: Headers;
let cardId: string;

beforeAll(async () => {
  yk = await startYooKassaEmulator();
  ctx = await createTestApp({
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: yk.shopId,
    YOOKASSA_SECRET_KEY: yk.secretKey,
    YOOKASSA_BASE_URL: yk.apiUrl,
  });
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
  cardId = (await createCard(ctx.app, admin)).id;
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await ctx?.close();
  await yk?.close();
});

async function order(kopecks = 50_000): Promise<OrderJson> {
  return (await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: demoPhones.client, lines: goods(kopecks) }] })).orders[0]!;
}

/** The next write of the orders' paid sums dies, as a process killed at that moment would. */
function killNextSettlement() {
  return vi.spyOn(ctx.app.areas.orders, 'setPaid').mockRejectedValueOnce(new Error('процесс остановлен'));
}

function notify(yooId: string) {
  return callUnchecked(ctx.app, endpoints.payments.yookassaNotification, {
    body: { type: 'notification', event: 'payment.succeeded', object: yk.payments.get(yooId) },
  });
}

async function money(orderId: string) {
  const o = await orderByLink(ctx.app, orderId);
  return { paidKopecks: o.paidKopecks, dueKopecks: o.dueKopecks };
}

describe('killed while confirming', () => {
  it('a provider notification: nothing applied; YooKassa’s redelivery finishes it once', async () => {
    const target = await order();
    const created = await payOk(ctx.app, client, [target.id], 'card');
    const payment = created.payments[0]!;
    const yooId = new URL(created.redirectUrl!).pathname.split('/').at(-1)!;
    yk.succeed(yooId);
    const before = await countPaymentRows(ctx);

    const kill = killNextSettlement();
    const crashed = await notify(yooId);
    expect(crashed.statusCode).toBe(500);
    expect(kill).toHaveBeenCalledTimes(1);
    expect((await getPayment(ctx.app, payment.id)).status).toBe('pending');
    expect(await countPaymentRows(ctx)).toEqual(before);
    expect(await money(target.id)).toEqual({ paidKopecks: 0, dueKopecks: 50_000 });
    // The order is still held by its payment: nobody can pay it a second time meanwhile.
    expect(
      (await call(ctx.app, endpoints.payments.create, { headers: client, body: { orderIds: [target.id], method: 'sbp' } })).statusCode,
    ).toBe(409);

    const redelivered = await notify(yooId);
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect((await getPayment(ctx.app, payment.id)).status).toBe('succeeded');
    expect(await money(target.id)).toEqual({ paidKopecks: 50_000, dueKopecks: 0 });
    expect((await notify(yooId)).statusCode).toBe(200);
    const history = (await paymentDetails(ctx.app, admin, payment.id)).history.map((h) => h.action);
    expect(history).toEqual(['created', 'provider_succeeded']);
  });

  it('the admin’s confirm of a transfer: nothing applied; the second press confirms', async () => {
    const target = await order(30_000);
    const payment = (await payOk(ctx.app, client, [target.id], 'transfer')).payments[0]!;
    expect((await uploadReceipt(ctx.app, client, payment.id, (await receiptFiles()).png)).statusCode).toBe(200);
    const before = await countPaymentRows(ctx);

    killNextSettlement();
    expect((await adminAction(ctx.app, admin, payment.id, 'confirm')).statusCode).toBe(500);
    expect(await getPayment(ctx.app, payment.id)).toMatchObject({ status: 'awaiting_check', paidAt: null });
    expect(await countPaymentRows(ctx)).toEqual(before);
    expect(await money(target.id)).toEqual({ paidKopecks: 0, dueKopecks: 30_000 });

    await adminActionOk(ctx.app, admin, payment.id, 'confirm');
    expect(await money(target.id)).toEqual({ paidKopecks: 30_000, dueKopecks: 0 });
    expect((await paymentDetails(ctx.app, admin, payment.id)).history.filter((h) => h.action === 'confirmed')).toHaveLength(1);
  });

  it('cash: no payment is left behind', async () => {
    const target = await order(20_000);
    const before = await countPaymentRows(ctx);
    killNextSettlement();
    expect((await recordCash(ctx.app, admin, target.id)).statusCode).toBe(500);
    expect(await countPaymentRows(ctx)).toEqual(before);
    expect((await recordCash(ctx.app, admin, target.id)).statusCode).toBe(201);
    expect(await money(target.id)).toEqual({ paidKopecks: 20_000, dueKopecks: 0 });
  });

  it('a refund YooKassa made before the crash is written once when the admin presses again', async () => {
    const target = await order(80_000);
    const created = await payOk(ctx.app, client, [target.id], 'sbp');
    const yooId = new URL(created.redirectUrl!).pathname.split('/').at(-1)!;
    yk.succeed(yooId);
    expect((await notify(yooId)).statusCode).toBe(200);
    const paymentId = created.payments[0]!.id;

    killNextSettlement();
    expect((await adminAction(ctx.app, admin, paymentId, 'refund')).statusCode).toBe(500);
    expect([...yk.refunds.values()].filter((r) => r.payment_id === yooId)).toHaveLength(1);
    expect(await getPayment(ctx.app, paymentId)).toMatchObject({ status: 'succeeded', refundedKopecks: 0 });
    expect(await money(target.id)).toEqual({ paidKopecks: 80_000, dueKopecks: 0 });

    expect(await adminActionOk(ctx.app, admin, paymentId, 'refund')).toMatchObject({ status: 'refunded', refundedKopecks: 80_000 });
    // The same Idempotence-Key: YooKassa answered with the refund it had made.
    expect([...yk.refunds.values()].filter((r) => r.payment_id === yooId)).toHaveLength(1);
    expect(yk.payments.get(yooId)!.refunded_amount?.value).toBe('800.00');
    expect(await money(target.id)).toEqual({ paidKopecks: 0, dueKopecks: 80_000 });
  });
});

describe('after every crash and its retry', () => {
  it('leaves the shop’s money agreeing with itself: the money audit finds no difference', async () => {
    expect(await moneyDifferences(ctx)).toEqual([]);
  });
});
