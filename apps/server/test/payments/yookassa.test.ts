import { type CreatePaymentResult, endpoints, type Payment } from '@vmeste/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { lastOutboxMessage } from '../fixtures/accounts-kit.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import type { OrderJson } from '../fixtures/purchases-kit.js';
import {
  adminAction,
  adminActionOk,
  countPaymentRows,
  getPayment,
  goods,
  myOrders,
  pay,
  paymentDetails,
  payOk,
  purchaseWithOrders,
  setCreatedAt,
} from '../fixtures/payments-kit.js';
import {
  startYooKassaEmulator,
  type YooKassaEmulator,
  type YooKassaPaymentEvent,
} from '../../src/integrations/yookassa/emulator/yookassa-emulator.js';

/**
 * YooKassa through the emulator: what the shop sends (auth, idempotence, amounts, the 54-FZ
 * receipt), how it treats notifications it must not trust, the jobs that recover lost ones, refunds,
 * and the provider's failures, which leave nothing half-written.
 */

const SECRET = 'live_Zx9SecretKeyThatMustNeverLeak';
const SHOP_ID = '506751';
const PUBLIC_URL = 'https://vmeste.example';
const NOTIFY_URL = '/api/payments/notifications/yookassa';

let yk: YooKassaEmulator;
let ctx: TestContext;
let admin: Headers;
let client: Headers;
/** Every answer body the shop gave in this file, to look for the secret in. */
const answers: string[] = [];

beforeAll(async () => {
  yk = await startYooKassaEmulator({ shopId: SHOP_ID, secretKey: SECRET });
  ctx = await createTestApp({
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: SHOP_ID,
    YOOKASSA_SECRET_KEY: SECRET,
    YOOKASSA_BASE_URL: yk.apiUrl,
    YOOKASSA_VAT_CODE: '11',
    YOOKASSA_NOTIFY_NETWORKS: '127.0.0.1/32,185.71.76.0/27',
    PAYMENT_PROVIDER_TIMEOUT_MS: '1000',
    PUBLIC_URL,
  });
  const inject = ctx.app.inject.bind(ctx.app);
  ctx.app.inject = (async (options: InjectOptions) => {
    const res = await inject(options);
    answers.push(res.body);
    return res;
  }) as typeof ctx.app.inject;
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
});
afterEach(async () => {
  yk.delayNext(0);
  await yk.whenIdle();
  yk.failNext(0, { status: 500 });
});
afterAll(async () => {
  await ctx?.close();
  await yk?.close();
});

const clientPhone = demoPhones.client;

/**
 * An order of 1234.56 ₽: cups 3 × 200.11 and saucers 2 × 261.00 (goods 1122.33) and the 10 % fee
 * 112.23, so the receipt has lines with quantities, kopecks and a service line.
 */
async function orderOf1234_56(): Promise<OrderJson> {
  const { orders } = await purchaseWithOrders(ctx.app, admin, {
    fee: 10,
    orders: [
      {
        phone: clientPhone,
        lines: [
          { product: 'Чашка фарфоровая', article: 'CH-1', options: 'белая', quantity: 3, unitPriceKopecks: 20_011 },
          { product: 'Блюдце', quantity: 2, unitPriceKopecks: 26_100 },
        ],
      },
    ],
  });
  expect(orders[0]!.totalKopecks).toBe(123_456);
  return orders[0]!;
}

async function simpleOrder(kopecks = 100_000): Promise<OrderJson> {
  return (await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: clientPhone, lines: goods(kopecks) }] })).orders[0]!;
}

/** The YooKassa payment id behind our payment (from the page the client was sent to). */
function yooIdOf(result: CreatePaymentResult): string {
  const match = new RegExp(`^${yk.baseUrl}/checkout/([0-9a-f-]{36})$`).exec(result.redirectUrl ?? '');
  expect(match, `redirectUrl ${result.redirectUrl}`).not.toBeNull();
  return match![1]!;
}

/** Posts a notification as YooKassa would; `object` replaces the payment's real state (a lying body). */
function notify(
  yooId: string,
  options: { event?: YooKassaPaymentEvent; object?: unknown; remoteAddress?: string; headers?: Headers } = {},
) {
  const object = options.object ?? yk.payments.get(yooId);
  const event = options.event ?? `payment.${(object as { status: string }).status}`;
  return ctx.app.inject({
    method: 'POST',
    url: NOTIFY_URL,
    payload: { type: 'notification', event, object },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

async function notifyOk(yooId: string, options: Parameters<typeof notify>[1] = {}) {
  const res = await notify(yooId, options);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({});
}

async function startPayment(orderIds: string[], method: 'card' | 'sbp' = 'card') {
  const result = await payOk(ctx.app, client, orderIds, method);
  return { payment: result.payments[0]!, yooId: yooIdOf(result), result };
}

async function orderMoney(id: string) {
  const order = (await myOrders(ctx.app, client)).find((o) => o.id === id)!;
  return { paidKopecks: order.paidKopecks, dueKopecks: order.dueKopecks };
}

function historyOf(id: string) {
  return paymentDetails(ctx.app, admin, id).then((d) => d.history);
}

const paymentCalls = () => yk.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments');

describe('creating a payment at YooKassa', () => {
  it.each([
    ['card', 'bank_card'],
    ['sbp', 'sbp'],
  ] as const)('%s: Basic auth, Idempotence-Key, "1234.56", capture, %s, metadata and a receipt adding up', async (method, type) => {
    const order = await orderOf1234_56();
    const callsBefore = paymentCalls().length;
    const { payment, yooId, result } = await startPayment([order.id], method);

    const calls = paymentCalls().slice(callsBefore);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.authorization).toBe(`Basic ${Buffer.from(`${SHOP_ID}:${SECRET}`).toString('base64')}`);
    expect(call.idempotenceKey).toBe(payment.id);
    const body = call.body as {
      amount: { value: string; currency: string };
      capture: boolean;
      confirmation: { type: string; return_url: string };
      payment_method_data: { type: string };
      metadata: Record<string, string>;
      description: string;
      receipt: {
        customer: { phone: string };
        items: {
          description: string;
          quantity: number;
          amount: { value: string; currency: string };
          vat_code: number;
          payment_mode: string;
          payment_subject: string;
        }[];
      };
    };
    expect(body.amount).toEqual({ value: '1234.56', currency: 'RUB' });
    expect(body.capture).toBe(true);
    expect(body.confirmation).toEqual({ type: 'redirect', return_url: `${PUBLIC_URL}/payment-result?payment=${payment.id}` });
    expect(body.payment_method_data).toEqual({ type });
    expect(body.metadata).toEqual({ payment_id: payment.id });
    expect(body.description).toBe(`Заказ №${order.number}`);
    expect(body.receipt.customer).toEqual({ phone: clientPhone });
    // One line per order line, as the order lists them, then the fee as a service.
    const lineOf: Record<string, [string, number, string, string]> = {
      'Чашка фарфоровая': ['Чашка фарфоровая, CH-1, белая', 3, '200.11', 'commodity'],
      Блюдце: ['Блюдце', 2, '261.00', 'commodity'],
    };
    expect(body.receipt.items.map((i) => [i.description, i.quantity, i.amount.value, i.payment_subject])).toEqual([
      ...order.lines.map((l) => lineOf[l.product]),
      [`Оргсбор по заказу №${order.number}`, 1, '112.23', 'service'],
    ]);
    for (const item of body.receipt.items) {
      expect(item).toMatchObject({ vat_code: 11, payment_mode: 'full_payment', amount: { currency: 'RUB' } });
      expect(item.description.length).toBeLessThanOrEqual(128);
    }
    const receiptSum = body.receipt.items.reduce((sum, i) => sum + i.quantity * Math.round(Number(i.amount.value) * 100), 0);
    expect(receiptSum).toBe(123_456);

    expect(result.redirectUrl).toBe(`${yk.baseUrl}/checkout/${yooId}`);
    const details = await paymentDetails(ctx.app, admin, payment.id);
    expect(details).toMatchObject({ provider: 'yookassa', providerPaymentId: yooId, status: 'pending' });

    yk.succeed(yooId);
    await notifyOk(yooId);
    expect(await getPayment(ctx.app, payment.id)).toMatchObject({ status: 'succeeded', amountKopecks: 123_456 });
    expect(await orderMoney(order.id)).toEqual({ paidKopecks: 123_456, dueKopecks: 0 });
    expect(await lastOutboxMessage(ctx.app, clientPhone, 'payment_succeeded')).toContain(`платёж №${payment.number}`);
  });

  it('a receipt too long for YooKassa (over 100 lines) shows each order’s goods as one line, still adding up', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({
      product: `Товар ${i + 1}`,
      quantity: 1 + (i % 3),
      unitPriceKopecks: 1_001 + i,
    }));
    const { orders } = await purchaseWithOrders(ctx.app, admin, { fee: 7.5, orders: [{ phone: clientPhone, lines }] });
    const order = orders[0]!;
    const before = paymentCalls().length;
    await startPayment([order.id]);
    const body = paymentCalls()[before]!.body as {
      amount: { value: string };
      receipt: { items: { quantity: number; amount: { value: string } }[] };
    };
    expect(body.receipt.items).toHaveLength(2);
    const sum = body.receipt.items.reduce((s, i) => s + i.quantity * Math.round(Number(i.amount.value) * 100), 0);
    expect(sum).toBe(order.totalKopecks);
    expect(Math.round(Number(body.amount.value) * 100)).toBe(order.totalKopecks);
  });
});

describe('notifications are never trusted', () => {
  it('the same notification twice changes nothing the second time', async () => {
    const order = await simpleOrder(250_000);
    const { payment, yooId } = await startPayment([order.id]);
    yk.succeed(yooId);
    await notifyOk(yooId);
    const afterFirst = await countPaymentRows(ctx);
    await notifyOk(yooId);
    await notifyOk(yooId);
    expect(await countPaymentRows(ctx)).toEqual(afterFirst);
    const history = await historyOf(payment.id);
    expect(history.filter((h) => h.action === 'provider_succeeded')).toHaveLength(1);
    expect(await orderMoney(order.id)).toEqual({ paidKopecks: 250_000, dueKopecks: 0 });
  });

  it('a body saying «succeeded» for a payment YooKassa still has pending changes nothing', async () => {
    const order = await simpleOrder();
    const { payment, yooId } = await startPayment([order.id]);
    const lie = { ...yk.payments.get(yooId)!, status: 'succeeded', paid: true };
    await notifyOk(yooId, { event: 'payment.succeeded', object: lie });
    expect((await getPayment(ctx.app, payment.id)).status).toBe('pending');
    expect(await orderMoney(order.id)).toEqual({ paidKopecks: 0, dueKopecks: 100_000 });
    expect((await historyOf(payment.id)).map((h) => h.action)).toEqual(['created']);
  });

  it('out of order: «canceled» after «succeeded» changes nothing; «succeeded» after «canceled» neither', async () => {
    const paidOrder = await simpleOrder();
    const paid = await startPayment([paidOrder.id]);
    yk.succeed(paid.yooId);
    await notifyOk(paid.yooId);
    await notifyOk(paid.yooId, { event: 'payment.canceled', object: { ...yk.payments.get(paid.yooId)!, status: 'canceled' } });
    expect((await getPayment(ctx.app, paid.payment.id)).status).toBe('succeeded');
    expect(await orderMoney(paidOrder.id)).toEqual({ paidKopecks: 100_000, dueKopecks: 0 });
    expect((await historyOf(paid.payment.id)).map((h) => h.action)).toEqual(['created', 'provider_succeeded']);

    const failedOrder = await simpleOrder();
    const failed = await startPayment([failedOrder.id], 'sbp');
    yk.cancel(failed.yooId, 'insufficient_funds');
    await notifyOk(failed.yooId);
    const canceled = await getPayment(ctx.app, failed.payment.id);
    expect(canceled).toMatchObject({ status: 'canceled', reason: 'Оплата не прошла: недостаточно средств' });
    await notifyOk(failed.yooId, { event: 'payment.succeeded', object: { ...yk.payments.get(failed.yooId)!, status: 'succeeded' } });
    await notifyOk(failed.yooId);
    expect((await getPayment(ctx.app, failed.payment.id)).status).toBe('canceled');
    expect((await historyOf(failed.payment.id)).map((h) => h.action)).toEqual(['created', 'provider_canceled']);
    // The canceled payment freed the order.
    expect((await startPayment([failedOrder.id])).payment.amountKopecks).toBe(100_000);
  });

  it('an amount other than the payment’s is not applied and is logged as amount_mismatch', async () => {
    const order = await simpleOrder(300_000);
    const { payment, yooId } = await startPayment([order.id]);
    yk.succeed(yooId, { amountValue: '2999.99' });
    await notifyOk(yooId);
    expect((await getPayment(ctx.app, payment.id)).status).toBe('pending');
    expect(await orderMoney(order.id)).toEqual({ paidKopecks: 0, dueKopecks: 300_000 });
    const mismatch = (await historyOf(payment.id)).find((h) => h.action === 'amount_mismatch');
    expect(mismatch).toMatchObject({ statusBefore: 'pending', statusAfter: 'pending', amountKopecks: 299_999, actorName: null });
    expect(mismatch!.comment).toMatch(/^Ожидалось 3\s000,00\s₽$/);
    // Neither a redelivery nor the re-check job applies it.
    await notifyOk(yooId);
    await ctx.app.jobs.makeDue('payments.recheck');
    await ctx.app.jobs.runDue();
    expect((await getPayment(ctx.app, payment.id)).status).toBe('pending');
    expect(await orderMoney(order.id)).toEqual({ paidKopecks: 0, dueKopecks: 300_000 });
  });

  it('a notification about a payment that is not ours, or unknown to YooKassa, is answered 200 and changes nothing', async () => {
    const before = await countPaymentRows(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: NOTIFY_URL,
      payload: { type: 'notification', event: 'payment.succeeded', object: { id: '2f0a0c2b-000f-5000-8000-1d5b1c7a1a1a' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countPaymentRows(ctx)).toEqual(before);
  });

  it('a notification YooKassa cannot be asked about answers 5xx (so YooKassa sends it again) and applies nothing; the redelivery does', async () => {
    const order = await simpleOrder();
    const { payment, yooId } = await startPayment([order.id]);
    yk.succeed(yooId);
    yk.failNext(3, { status: 500 });
    const failed = await notify(yooId);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect((await getPayment(ctx.app, payment.id)).status).toBe('pending');
    await notifyOk(yooId);
    expect((await getPayment(ctx.app, payment.id)).status).toBe('succeeded');
  });

  it('with YOOKASSA_NOTIFY_NETWORKS, a notification from another address → 403; X-Forwarded-For is not believed without TRUST_PROXY', async () => {
    const order = await simpleOrder();
    const { payment, yooId } = await startPayment([order.id]);
    yk.succeed(yooId);
    expectError(await notify(yooId, { remoteAddress: '10.20.30.40' }), 403, { message: 'Уведомление не от платёжного сервиса' });
    expectError(await notify(yooId, { remoteAddress: '10.20.30.40', headers: { 'x-forwarded-for': '185.71.76.5' } }), 403);
    expect((await getPayment(ctx.app, payment.id)).status).toBe('pending');
    await notifyOk(yooId, { remoteAddress: '185.71.76.5' });
    expect((await getPayment(ctx.app, payment.id)).status).toBe('succeeded');
  });
});

describe('jobs recover what notifications missed', () => {
  it('a lost notification: the re-check job reads the payment back and applies it', async () => {
    const order = await simpleOrder(180_000);
    const { payment, yooId } = await startPayment([order.id], 'sbp');
    yk.succeed(yooId);
    const getsBefore = yk.requests.filter((r) => r.method === 'GET' && r.path === `/v3/payments/${yooId}`).length;
    await ctx.app.jobs.makeDue('payments.recheck');
    expect(await ctx.app.jobs.runDue()).toContain('payments.recheck');
    expect(yk.requests.filter((r) => r.method === 'GET' && r.path === `/v3/payments/${yooId}`).length).toBeGreaterThan(getsBefore);
    expect((await getPayment(ctx.app, payment.id)).status).toBe('succeeded');
    expect(await orderMoney(order.id)).toEqual({ paidKopecks: 180_000, dueKopecks: 0 });
    expect((await historyOf(payment.id)).map((h) => h.action)).toEqual(['created', 'provider_succeeded']);
  });

  it('the expiry job cancels a payment pending past the pay window; the order is payable again', async () => {
    const order = await simpleOrder();
    const { payment } = await startPayment([order.id]);
    await setCreatedAt(ctx, payment.id, new Date(Date.now() - 61 * 60_000));
    await ctx.app.jobs.makeDue('payments.expire');
    expect(await ctx.app.jobs.runDue()).toContain('payments.expire');
    const expired = await getPayment(ctx.app, payment.id);
    expect(expired).toMatchObject({ status: 'canceled', reason: 'Время на оплату истекло' });
    const last = (await historyOf(payment.id)).at(-1)!;
    expect(last).toMatchObject({ action: 'expired', statusBefore: 'pending', statusAfter: 'canceled', actorName: null });
    expect((await startPayment([order.id])).payment.amountKopecks).toBe(100_000);
  });

  it('the expiry job looks at YooKassa first: money that came late is applied, not canceled', async () => {
    const order = await simpleOrder();
    const { payment, yooId } = await startPayment([order.id]);
    yk.succeed(yooId);
    await setCreatedAt(ctx, payment.id, new Date(Date.now() - 3 * 60 * 60_000));
    await ctx.app.jobs.makeDue('payments.expire');
    await ctx.app.jobs.runDue();
    expect((await getPayment(ctx.app, payment.id)).status).toBe('succeeded');
    expect(await orderMoney(order.id)).toEqual({ paidKopecks: 100_000, dueKopecks: 0 });
  });
});

describe('provider failures leave nothing half-written', () => {
  async function expectNothingWritten(
    res: LightMyRequestResponse,
    order: OrderJson,
    before: Awaited<ReturnType<typeof countPaymentRows>>,
    message: string,
  ) {
    expectError(res, 502, { message });
    expect(await countPaymentRows(ctx)).toEqual(before);
    expect(await orderMoney(order.id)).toEqual({ paidKopecks: 0, dueKopecks: order.totalKopecks });
    // The order is payable again at once.
    const again = await startPayment([order.id]);
    expect(again.payment.amountKopecks).toBe(order.totalKopecks);
    await call(ctx.app, endpoints.payments.abandon, { params: { id: again.payment.id }, headers: client });
  }

  it('500 three times (every retry) → 502 in Russian, no payment row; the retries used one Idempotence-Key', async () => {
    const order = await simpleOrder();
    const before = await countPaymentRows(ctx);
    const callsBefore = paymentCalls().length;
    yk.failNext(3, { status: 500 });
    const res = await pay(ctx.app, client, [order.id], 'card');
    const calls = paymentCalls().slice(callsBefore);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.idempotenceKey)).size).toBe(1);
    await expectNothingWritten(res, order, before, 'Платёжный сервис перегружен. Попробуйте ещё раз через минуту');
  });

  it('no answer within PAYMENT_PROVIDER_TIMEOUT_MS → 502, no payment row', async () => {
    const order = await simpleOrder();
    const before = await countPaymentRows(ctx);
    yk.delayNext(3000);
    const res = await pay(ctx.app, client, [order.id], 'sbp');
    await expectNothingWritten(res, order, before, 'Платёжный сервис не отвечает. Попробуйте ещё раз через минуту');
  });

  it('a refusal (400) → 502 at once, without retries', async () => {
    const order = await simpleOrder();
    const before = await countPaymentRows(ctx);
    const callsBefore = paymentCalls().length;
    yk.failNext(1, { status: 400 });
    const res = await pay(ctx.app, client, [order.id], 'card');
    expect(paymentCalls().length - callsBefore).toBe(1);
    await expectNothingWritten(
      res,
      order,
      before,
      'Платёжный сервис отклонил платёж. Выберите другой способ оплаты или обратитесь в магазин',
    );
  });

  it('429 once is retried with the same key and the payment is created', async () => {
    const order = await simpleOrder();
    const callsBefore = paymentCalls().length;
    yk.failNext(1, { status: 429 });
    const { payment } = await startPayment([order.id]);
    const calls = paymentCalls().slice(callsBefore);
    expect(calls.map((c) => c.idempotenceKey)).toEqual([payment.id, payment.id]);
    expect(payment.status).toBe('pending');
  });

  it('wrong credentials (401 from YooKassa) → 502, no payment row', async () => {
    const wrong = await createTestApp({
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: SHOP_ID,
      YOOKASSA_SECRET_KEY: 'not_the_secret',
      YOOKASSA_BASE_URL: yk.apiUrl,
    });
    try {
      const wrongAdmin = await signInAs(wrong.app, 'admin');
      const { orders } = await purchaseWithOrders(wrong.app, wrongAdmin, { orders: [{ phone: clientPhone, lines: goods(10_000) }] });
      const res = await pay(wrong.app, await signInAs(wrong.app, 'client'), [orders[0]!.id], 'card');
      expectError(res, 502, { message: 'Платёжный сервис отклонил платёж. Выберите другой способ оплаты или обратитесь в магазин' });
      expect(await countPaymentRows(wrong)).toMatchObject({ payments: 0, items: 0 });
      expect(res.body).not.toContain('not_the_secret');
    } finally {
      await wrong.close();
    }
  });
});

describe('refunds through POST /v3/refunds', () => {
  async function paidPayment(kopecks: number) {
    const order = await simpleOrder(kopecks);
    const { payment, yooId } = await startPayment([order.id]);
    yk.succeed(yooId);
    await notifyOk(yooId);
    return { payment, yooId, order };
  }

  const refundCalls = () => yk.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds');

  it('the whole payment: YooKassa is asked, the payment is refunded, the order owes again', async () => {
    const { payment, yooId, order } = await paidPayment(150_050);
    const before = refundCalls().length;
    const details = await adminActionOk(ctx.app, admin, payment.id, 'refund', { comment: 'Клиент отказался' });
    expect(details).toMatchObject({ status: 'refunded', refundedKopecks: 150_050 });
    const calls = refundCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ payment_id: yooId, amount: { value: '1500.50', currency: 'RUB' } });
    // The refund's own key, written with it before YooKassa is asked (docs/decisions/024).
    expect(calls[0]!.idempotenceKey).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect(calls[0]!.body).toMatchObject({ metadata: { refund_key: calls[0]!.idempotenceKey } });
    const refundAtYooKassa = [...yk.refunds.values()].find((r) => r.payment_id === yooId)!;
    expect(refundAtYooKassa.amount.value).toBe('1500.50');
    expect(yk.payments.get(yooId)!.refunded_amount?.value).toBe('1500.50');
    const entry = details.history.at(-1)!;
    expect(entry).toMatchObject({ action: 'refunded', actorName: 'Анна Смирнова', statusBefore: 'succeeded', statusAfter: 'refunded' });
    expect(entry.comment).toBe(`Клиент отказался; возврат у платёжного сервиса ${refundAtYooKassa.id}`);
    expect(await orderMoney(order.id)).toEqual({ paidKopecks: 0, dueKopecks: 150_050 });
    expect(await lastOutboxMessage(ctx.app, clientPhone, 'payment_refunded')).toContain(`платежу №${payment.number}`);

    expectError(await adminAction(ctx.app, admin, payment.id, 'refund', {}), 409);
    expect(refundCalls().length - before).toBe(1);
  });

  it('YooKassa failing the refund → 502, nothing written; the retry refunds once', async () => {
    const { payment, yooId } = await paidPayment(40_000);
    yk.failNext(3, { status: 500 });
    const failed = await adminAction(ctx.app, admin, payment.id, 'refund', {});
    // No answer is not a refusal: the refund stays recorded pending, and the next press asks with its key.
    expectError(failed, 502, { message: /^Платёжный сервис не ответил\. Возврат записан/ });
    expect(await getPayment(ctx.app, payment.id)).toMatchObject({ status: 'succeeded', refundedKopecks: 0 });
    expect(yk.payments.get(yooId)!.refunded_amount).toBeUndefined();
    expect(await adminActionOk(ctx.app, admin, payment.id, 'refund', {})).toMatchObject({ status: 'refunded', refundedKopecks: 40_000 });
    expect([...yk.refunds.values()].filter((r) => r.payment_id === yooId)).toHaveLength(1);
  });

  it('a refund YooKassa made but whose answer was lost is not made twice when the admin presses again', async () => {
    const { payment, yooId } = await paidPayment(70_000);
    yk.delayNext(2500);
    expectError(await adminAction(ctx.app, admin, payment.id, 'refund', {}), 502, {
      message: /^Платёжный сервис не ответил\. Возврат записан/,
    });
    // YooKassa finishes the refund after the shop gave up waiting.
    await vi.waitFor(() => expect([...yk.refunds.values()].filter((r) => r.payment_id === yooId)).toHaveLength(1), { timeout: 10_000 });
    expect((await getPayment(ctx.app, payment.id)).refundedKopecks).toBe(0);
    expect(await adminActionOk(ctx.app, admin, payment.id, 'refund', {})).toMatchObject({ status: 'refunded', refundedKopecks: 70_000 });
    expect([...yk.refunds.values()].filter((r) => r.payment_id === yooId)).toHaveLength(1);
    expect(yk.payments.get(yooId)!.refunded_amount?.value).toBe('700.00');
  });

  it('the admin cancelling a payment the client has just paid gets 409 «оформите возврат», and the money counts', async () => {
    const order = await simpleOrder();
    const { payment, yooId } = await startPayment([order.id]);
    yk.succeed(yooId);
    expectError(await adminAction(ctx.app, admin, payment.id, 'cancel', {}), 409, {
      message: `Платёж №${payment.number} уже прошёл: оформите возврат`,
    });
    expect(await orderMoney(order.id)).toEqual({ paidKopecks: 100_000, dueKopecks: 0 });
  });
});

describe('with YooKassa configured', () => {
  it('the sandbox page does not exist', async () => {
    const order = await simpleOrder();
    const { payment } = await startPayment([order.id]);
    const sandboxId = `sb_${payment.id}`;
    expectError(await call(ctx.app, endpoints.payments.sandboxGet, { params: { id: sandboxId } }), 404, {
      message: 'Тестовой оплаты в этом магазине нет',
    });
    expectError(await call(ctx.app, endpoints.payments.sandboxDecide, { params: { id: sandboxId }, body: { decision: 'pay' } }), 404);
    expect((await getPayment(ctx.app, payment.id)).status).toBe('pending');
  });

  it('the abandon asks YooKassa first: a paid payment stays paid', async () => {
    const order = await simpleOrder();
    const { payment, yooId } = await startPayment([order.id]);
    yk.succeed(yooId);
    expectError(await call(ctx.app, endpoints.payments.abandon, { params: { id: payment.id }, headers: client }), 409, {
      message: 'Этот платёж уже прошёл',
    });
    expect((await getPayment(ctx.app, payment.id)).status satisfies Payment['status']).toBe('succeeded');
  });

  // Runs last: every answer of this file has been collected by then.
  it('the secret key never appears in any answer', () => {
    expect(answers.length).toBeGreaterThan(50);
    const basic = Buffer.from(`${SHOP_ID}:${SECRET}`).toString('base64');
    for (const body of answers) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain(basic);
    }
  });
});
