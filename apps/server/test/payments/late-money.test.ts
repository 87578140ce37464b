import { type AdminPaymentDetails, formatMoney, type RefundDue, type RefundDueResult, endpoints } from '@vmeste/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { moneyDifferences } from '../fixtures/money-audit.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import {
  abandon,
  getPayment,
  goods,
  orderByLink,
  paymentDetails,
  payOk,
  purchaseWithOrders,
  recordCash,
  sandboxDecide,
  sandboxIdOf,
  setCreatedAt,
} from '../fixtures/payments-kit.js';
import { setStatus } from '../fixtures/purchases-kit.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';
import { startYooKassaEmulator, type YooKassaEmulator } from '../../src/integrations/yookassa/emulator/yookassa-emulator.js';
import {
  balanceOf,
  type Client,
  entriesOf,
  ledgerCheck,
  manualOk,
  newClient,
  orderOf,
  payWithBonus,
  payWithBonusOk,
  putSettings,
} from '../bonus/bonus-kit.js';

/**
 * Money the provider reports for a payment the shop had already closed (abandoned, expired, canceled
 * with its purchase) is applied by the rules of money that comes in time (docs/decisions/025): the
 * order counts only the money and the bonuses that really arrived, bonuses are taken again only if
 * the client still has them all, and whatever the order no longer owes is a refund due on «Оплаты».
 * The expected kopecks are written out by hand.
 */

let ctx: TestContext;
let admin: Headers;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  // Cashback only on delivery, so the balances below move by bonuses spent and given back alone.
  await putSettings(ctx.app, admin, { creditOn: 'delivery', spendCapPercent: 50 });
});
afterAll(() => ctx.close());

async function clientWith(kopecks: number): Promise<Client> {
  const client = await newClient(ctx.app);
  if (kopecks > 0) await manualOk(ctx.app, admin, client.phone, kopecks);
  return client;
}

async function refundsDue(): Promise<RefundDue[]> {
  const res = await call(ctx.app, endpoints.payments.refundsDue, { headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RefundDue[]>();
}

function lastComment(details: AdminPaymentDetails): string {
  return details.history.at(-1)!.comment;
}

/** The bonus rows of one payment, by kind and amount, as the ledger holds them. */
async function bonusRowsOf(client: Client, paymentId: string) {
  return (await entriesOf(ctx, client.userId))
    .filter((r) => r.paymentId === paymentId && (r.kind === 'spend' || r.kind === 'reversal'))
    .map((r) => [r.kind, r.amountKopecks, r.writtenOffKopecks])
    .sort((a, b) => String(a).localeCompare(String(b)));
}

describe('a payment with 600 ₽ of bonuses, abandoned, then paid at the provider', () => {
  it('its bonuses spent elsewhere meanwhile: the order counts only the 1 400 ₽ that came and still owes 600 ₽', async () => {
    const client = await clientWith(60_000);
    const order = await orderOf(ctx.app, admin, client.phone, 200_000);
    const started = await payWithBonusOk(ctx.app, client.headers, [order.id], 60_000);
    const id = started.payments[0]!.id;
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);
    expect((await abandon(ctx.app, client.headers, id)).statusCode).toBe(200);
    expect(await balanceOf(ctx.app, client.headers)).toBe(60_000);

    // The returned 600 ₽ pay another order: 600 ₽ bonuses + 600 ₽ by card.
    const other = await orderOf(ctx.app, admin, client.phone, 120_000);
    const otherStarted = await payWithBonusOk(ctx.app, client.headers, [other.id], 60_000);
    expect((await sandboxDecide(ctx.app, sandboxIdOf(otherStarted), 'pay')).statusCode).toBe(200);
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);

    // The bank's 1 400 ₽ of the abandoned payment come after all.
    expect((await sandboxDecide(ctx.app, sandboxIdOf(started), 'pay')).statusCode).toBe(200);
    expect(await getPayment(ctx.app, id)).toMatchObject({
      status: 'succeeded',
      amountKopecks: 140_000,
      bonusKopecks: 0,
      items: [{ orderId: order.id, amountKopecks: 140_000, bonusKopecks: 0 }],
    });
    expect(await orderByLink(ctx.app, order.id)).toMatchObject({
      paidKopecks: 140_000,
      dueKopecks: 60_000,
      paymentState: 'partially_paid',
    });
    expect(await orderByLink(ctx.app, other.id)).toMatchObject({ paidKopecks: 120_000, dueKopecks: 0, paymentState: 'paid' });
    // The 600 ₽ were spent once (on the other order): nothing taken again, nothing written off.
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);
    expect(await bonusRowsOf(client, id)).toEqual([
      ['reversal', 60_000, 0],
      ['spend', -60_000, 0],
    ]);
    expect(lastComment(await paymentDetails(ctx.app, admin, id))).toBe(
      `Деньги пришли после отмены платежа; бонусы ${formatMoney(60_000)} списать снова не удалось: эта часть не оплачена, заказ ждёт доплаты`,
    );
    expect((await refundsDue()).map((r) => r.orderId)).not.toContain(order.id);

    // The 600 ₽ still owed are paid like any due: here by card.
    const rest = await payOk(ctx.app, client.headers, [order.id], 'card');
    expect(rest.payments[0]!.amountKopecks).toBe(60_000);
    expect((await sandboxDecide(ctx.app, sandboxIdOf(rest), 'pay')).statusCode).toBe(200);
    expect(await orderByLink(ctx.app, order.id)).toMatchObject({ paidKopecks: 200_000, dueKopecks: 0, paymentState: 'paid' });
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });

  it('only 300 ₽ of them left: none are taken (all or nothing, as a spend on time), the order owes 600 ₽, the 300 ₽ stay', async () => {
    const client = await clientWith(60_000);
    const order = await orderOf(ctx.app, admin, client.phone, 200_000);
    const started = await payWithBonusOk(ctx.app, client.headers, [order.id], 60_000);
    const id = started.payments[0]!.id;
    // Nobody pays within the window: the expiry job closes it and gives the bonuses back.
    await setCreatedAt(ctx, id, new Date(Date.now() - 2 * 60 * 60_000));
    await ctx.app.jobs.makeDue('payments.expire');
    await ctx.app.jobs.runDue();
    expect((await getPayment(ctx.app, id)).status).toBe('canceled');
    expect(await balanceOf(ctx.app, client.headers)).toBe(60_000);
    await manualOk(ctx.app, admin, client.phone, -30_000);

    expect((await sandboxDecide(ctx.app, sandboxIdOf(started), 'pay')).statusCode).toBe(200);
    expect(await getPayment(ctx.app, id)).toMatchObject({ status: 'succeeded', amountKopecks: 140_000, bonusKopecks: 0 });
    expect(await orderByLink(ctx.app, order.id)).toMatchObject({ paidKopecks: 140_000, dueKopecks: 60_000 });
    expect(await balanceOf(ctx.app, client.headers)).toBe(30_000);
    expect(await bonusRowsOf(client, id)).toEqual([
      ['reversal', 60_000, 0],
      ['spend', -60_000, 0],
    ]);
  });

  it('the bonuses still there: taken again, and the order is paid in full', async () => {
    const client = await clientWith(60_000);
    const order = await orderOf(ctx.app, admin, client.phone, 200_000);
    const started = await payWithBonusOk(ctx.app, client.headers, [order.id], 60_000);
    const id = started.payments[0]!.id;
    expect((await abandon(ctx.app, client.headers, id)).statusCode).toBe(200);
    expect(await balanceOf(ctx.app, client.headers)).toBe(60_000);

    expect((await sandboxDecide(ctx.app, sandboxIdOf(started), 'pay')).statusCode).toBe(200);
    expect(await getPayment(ctx.app, id)).toMatchObject({ status: 'succeeded', amountKopecks: 200_000, bonusKopecks: 60_000 });
    expect(await orderByLink(ctx.app, order.id)).toMatchObject({ paidKopecks: 200_000, dueKopecks: 0, paymentState: 'paid' });
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);
    expect(await bonusRowsOf(client, id)).toEqual([
      ['reversal', 60_000, 0],
      ['spend', -60_000, 0],
      ['spend', -60_000, 0],
    ]);
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });
});

describe('an item paid wholly with bonuses in a late payment of two orders', () => {
  it('brings nothing when the bonuses are gone: 0 kopecks on its order, the other order its money', async () => {
    await putSettings(ctx.app, admin, { spendCapPercent: 100 });
    try {
      const client = await clientWith(5_001);
      const tiny = await orderOf(ctx.app, admin, client.phone, 1);
      const big = await orderOf(ctx.app, admin, client.phone, 10_000);
      // 50,01 ₽ of bonuses over 0,01 ₽ and 100,00 ₽: the largest remainder gives the kopeck of the tiny order.
      const started = await payWithBonusOk(ctx.app, client.headers, [tiny.id, big.id], 5_001);
      const id = started.payments[0]!.id;
      expect((await getPayment(ctx.app, id)).items.map((i) => [i.orderId, i.amountKopecks, i.bonusKopecks])).toEqual([
        [tiny.id, 1, 1],
        [big.id, 10_000, 5_000],
      ]);
      expect((await abandon(ctx.app, client.headers, id)).statusCode).toBe(200);
      await manualOk(ctx.app, admin, client.phone, -5_001);

      expect((await sandboxDecide(ctx.app, sandboxIdOf(started), 'pay')).statusCode).toBe(200);
      const paid = await getPayment(ctx.app, id);
      expect(paid).toMatchObject({ status: 'succeeded', amountKopecks: 5_000, bonusKopecks: 0 });
      expect(paid.items.map((i) => [i.orderId, i.amountKopecks, i.bonusKopecks])).toEqual([
        [tiny.id, 0, 0],
        [big.id, 5_000, 0],
      ]);
      expect(await orderByLink(ctx.app, tiny.id)).toMatchObject({ paidKopecks: 0, dueKopecks: 1 });
      expect(await orderByLink(ctx.app, big.id)).toMatchObject({ paidKopecks: 5_000, dueKopecks: 5_000 });
      expect(await balanceOf(ctx.app, client.headers)).toBe(0);
    } finally {
      await putSettings(ctx.app, admin, { spendCapPercent: 50 });
    }
  });
});

describe('a payment canceled with its purchase, then paid at the provider', () => {
  it('keeps no money on the canceled order silently: all of it is a refund due on «Оплаты», the bonuses stay with the client', async () => {
    const client = await clientWith(20_000);
    const { purchase, orders } = await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: client.phone, lines: goods(100_000) }] });
    const order = orders[0]!;
    const started = await payWithBonusOk(ctx.app, client.headers, [order.id], 20_000);
    const id = started.payments[0]!.id;
    expect((await setStatus(ctx.app, admin, purchase.id, 'canceled')).statusCode).toBe(200);
    expect((await getPayment(ctx.app, id)).status).toBe('canceled');
    expect(await balanceOf(ctx.app, client.headers)).toBe(20_000);

    // The bank's 800 ₽ come after the cancel.
    expect((await sandboxDecide(ctx.app, sandboxIdOf(started), 'pay')).statusCode).toBe(200);
    expect(await getPayment(ctx.app, id)).toMatchObject({ status: 'succeeded', amountKopecks: 80_000, bonusKopecks: 0 });
    expect(await orderByLink(ctx.app, order.id)).toMatchObject({
      isCanceled: true,
      paidKopecks: 80_000,
      dueKopecks: 0,
      paymentState: 'refund_due',
    });
    // The canceled order owes nothing: its bonuses are not taken again.
    expect(await balanceOf(ctx.app, client.headers)).toBe(20_000);
    expect(lastComment(await paymentDetails(ctx.app, admin, id))).toBe(
      `Деньги пришли после отмены платежа; бонусы ${formatMoney(20_000)} не понадобились и не списаны; ` +
        `заказ №${order.number} отменён: ${formatMoney(80_000)} к возврату`,
    );

    const due = (await refundsDue()).find((r) => r.orderId === order.id);
    expect(due).toMatchObject({ refundDueKopecks: 80_000, payments: [{ paymentId: id, refundKopecks: 80_000 }] });

    // «Вернуть» gives back the whole 800 ₽ through the provider, and the order holds nothing any more.
    const res = await call(ctx.app, endpoints.payments.refundDue, { params: { orderId: order.id }, headers: admin, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RefundDueResult>()).toMatchObject({ refundedKopecks: 80_000, refundDueKopecks: 0 });
    expect(await orderByLink(ctx.app, order.id)).toMatchObject({ paidKopecks: 0, paymentState: 'canceled' });
    expect((await refundsDue()).map((r) => r.orderId)).not.toContain(order.id);
    expect(await balanceOf(ctx.app, client.headers)).toBe(20_000);
  });
});

describe('a payment abandoned, the order paid in cash meanwhile, then paid at the provider', () => {
  it('the second 1 000 ₽ are a refund due, not a second payment of the order', async () => {
    const client = await clientWith(0);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000);
    const started = await payOk(ctx.app, client.headers, [order.id], 'card');
    const id = started.payments[0]!.id;
    expect((await abandon(ctx.app, client.headers, id)).statusCode).toBe(200);
    expect((await recordCash(ctx.app, admin, order.id)).statusCode).toBe(201);

    expect((await sandboxDecide(ctx.app, sandboxIdOf(started), 'pay')).statusCode).toBe(200);
    expect(await orderByLink(ctx.app, order.id)).toMatchObject({ paidKopecks: 200_000, dueKopecks: 0, paymentState: 'paid' });
    expect((await refundsDue()).find((r) => r.orderId === order.id)).toMatchObject({
      refundDueKopecks: 100_000,
      payments: [{ paymentId: id, refundKopecks: 100_000 }, { refundKopecks: 0 }],
    });
    expect(lastComment(await paymentDetails(ctx.app, admin, id))).toBe(
      `Деньги пришли после отмены платежа; заказ №${order.number} уже оплачен: ${formatMoney(100_000)} к возврату`,
    );
  });
});

describe('the money audit after all of the above', () => {
  it('finds every payment, item, order and bonus spend agreeing', async () => {
    expect(await moneyDifferences(ctx)).toEqual([]);
  });
});

describe.skipIf(!isPostgresRun)('late money on YooKassa, its notification many times at once (PostgreSQL)', () => {
  let yk: YooKassaEmulator;
  let yctx: TestContext;
  let yadmin: Headers;

  beforeAll(async () => {
    yk = await startYooKassaEmulator();
    yctx = await createTestApp({
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: yk.shopId,
      YOOKASSA_SECRET_KEY: yk.secretKey,
      YOOKASSA_BASE_URL: yk.apiUrl,
      YOOKASSA_NOTIFY_NETWORKS: '127.0.0.1/32',
    });
    yadmin = await signInAs(yctx.app, 'admin');
    await putSettings(yctx.app, yadmin, { creditOn: 'delivery', spendCapPercent: 50 });
  });
  afterAll(async () => {
    await yctx?.close();
    await yk?.close();
  });

  it('applies the money once and takes the bonuses again once', async () => {
    const client = await newClient(yctx.app);
    await manualOk(yctx.app, yadmin, client.phone, 60_000);
    const order = await orderOf(yctx.app, yadmin, client.phone, 200_000);
    const started = await payWithBonusOk(yctx.app, client.headers, [order.id], 60_000);
    const id = started.payments[0]!.id;
    const yooId = new URL(started.redirectUrl!).pathname.split('/').at(-1)!;
    expect((await abandon(yctx.app, client.headers, id)).statusCode).toBe(200);

    yk.succeed(yooId);
    const answers: LightMyRequestResponse[] = await Promise.all(
      Array.from({ length: 12 }, () =>
        callUnchecked(yctx.app, endpoints.payments.yookassaNotification, {
          body: { type: 'notification', event: 'payment.succeeded', object: yk.payments.get(yooId) },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(await getPayment(yctx.app, id)).toMatchObject({ status: 'succeeded', amountKopecks: 200_000, bonusKopecks: 60_000 });
    expect(await orderByLink(yctx.app, order.id)).toMatchObject({ paidKopecks: 200_000, dueKopecks: 0 });
    expect(await balanceOf(yctx.app, client.headers)).toBe(0);
    const spends = (await entriesOf(yctx, client.userId)).filter((r) => r.paymentId === id && r.kind === 'spend');
    expect(spends.map((r) => r.amountKopecks)).toEqual([-60_000, -60_000]);
    const history = (await paymentDetails(yctx.app, yadmin, id)).history.filter((h) => h.action === 'provider_succeeded');
    expect(history).toHaveLength(1);
  });

  it('late money and a new payment racing for the same bonuses: they are spent once, by one of them', async () => {
    const client = await newClient(yctx.app);
    await manualOk(yctx.app, yadmin, client.phone, 60_000);
    const late = await orderOf(yctx.app, yadmin, client.phone, 200_000);
    const next = await orderOf(yctx.app, yadmin, client.phone, 120_000);
    const started = await payWithBonusOk(yctx.app, client.headers, [late.id], 60_000);
    const id = started.payments[0]!.id;
    const yooId = new URL(started.redirectUrl!).pathname.split('/').at(-1)!;
    expect((await abandon(yctx.app, client.headers, id)).statusCode).toBe(200);
    yk.succeed(yooId);

    const [paid, ...notified] = await Promise.all([
      payWithBonus(yctx.app, client.headers, [next.id], 60_000),
      ...Array.from({ length: 6 }, () =>
        callUnchecked(yctx.app, endpoints.payments.yookassaNotification, {
          body: { type: 'notification', event: 'payment.succeeded', object: yk.payments.get(yooId) },
        }),
      ),
    ]);
    expect(notified.map((a) => a.statusCode)).toEqual(Array.from({ length: 6 }, () => 200));
    const lateOrder = await orderByLink(yctx.app, late.id);
    if (paid!.statusCode === 201) {
      // The new payment took them first: the late one pays its money only.
      expect(await getPayment(yctx.app, id)).toMatchObject({ status: 'succeeded', amountKopecks: 140_000, bonusKopecks: 0 });
      expect(lateOrder).toMatchObject({ paidKopecks: 140_000, dueKopecks: 60_000 });
    } else {
      // The late money took them again first: the new payment is refused for want of bonuses.
      expect(paid!.statusCode, paid!.body).toBe(409);
      expect(await getPayment(yctx.app, id)).toMatchObject({ status: 'succeeded', amountKopecks: 200_000, bonusKopecks: 60_000 });
      expect(lateOrder).toMatchObject({ paidKopecks: 200_000, dueKopecks: 0 });
    }
    expect(await balanceOf(yctx.app, client.headers)).toBe(0);
    const spent = (await entriesOf(yctx, client.userId)).filter((r) => r.paymentId !== null).reduce((sum, r) => sum + r.amountKopecks, 0);
    expect(spent).toBe(-60_000);
    expect((await ledgerCheck(yctx.app, yadmin)).differences).toEqual([]);
    expect(await moneyDifferences(yctx)).toEqual([]);
  });
});
