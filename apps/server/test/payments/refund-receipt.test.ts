import { endpoints, type ReceiveBody, type ReceivingSheet } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';
import { type OrderJson, walkTo } from '../fixtures/purchases-kit.js';
import { adminActionOk, createCard, type OrderSpec, payOk, purchaseWithOrders } from '../fixtures/payments-kit.js';
import {
  startYooKassaEmulator,
  type YooKassaEmulator,
  type YooKassaReceipt,
} from '../../src/integrations/yookassa/emulator/yookassa-emulator.js';

/**
 * A refund of a payment made with a 54-FZ receipt carries a refund receipt (issue 26, item 2): the
 * lines of what goes back by the payment receipt's rules (goods by order line, the organizer fee as a
 * service, the same VAT code and payment mode), adding up to exactly the refund. The emulator refuses
 * a refund without one, as a YooKassa store with receipts does, and keeps the receipt it was sent.
 */

let yk: YooKassaEmulator;
let ctx: TestContext;
let admin: Headers;
let storekeeper: Headers;
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
  storekeeper = await signInAs(ctx.app, 'storekeeper');
  client = await signInAs(ctx.app, 'client');
  cardId = (await createCard(ctx.app, admin)).id;
});
afterAll(async () => {
  await ctx?.close();
  await yk?.close();
});

/** The demo client's orders (a purchase each), paid by card at YooKassa at once; answers the payment and the receipt it was made with. */
async function paidOnline(orders: OrderSpec['lines'][], fee = 0) {
  const made: OrderJson[] = [];
  for (const lines of orders) {
    made.push(...(await purchaseWithOrders(ctx.app, admin, { cardId, fee, orders: [{ phone: demoPhones.client, lines }] })).orders);
  }
  const created = await payOk(
    ctx.app,
    client,
    made.map((o) => o.id),
    'card',
  );
  const yooId = new URL(created.redirectUrl!).pathname.split('/').at(-1)!;
  yk.succeed(yooId);
  const notified = await callUnchecked(ctx.app, endpoints.payments.yookassaNotification, {
    body: { type: 'notification', event: 'payment.succeeded', object: yk.payments.get(yooId) },
  });
  expect(notified.statusCode).toBe(200);
  const request = yk.requests.find((r) => r.path === '/v3/payments' && r.idempotenceKey === created.payments[0]!.id)!;
  return {
    orders: made,
    paymentId: created.payments[0]!.id,
    yooId,
    paymentReceipt: (request.body as { receipt: YooKassaReceipt }).receipt,
  };
}

/** The refunds YooKassa made of a payment, each with the receipt it was sent. */
function refundsAt(yooId: string) {
  return [...yk.refunds.values()]
    .filter((r) => r.payment_id === yooId)
    .map((r) => ({ amount: r.amount.value, status: r.status, receipt: yk.refundReceipts.get(r.id) }));
}

const kopecksOf = (value: string) => Math.round(Number(value) * 100);
const sumOf = (receipt: YooKassaReceipt | undefined) =>
  (receipt?.items ?? []).reduce((sum, item) => sum + kopecksOf(item.amount.value) * item.quantity, 0);

const line = (description: string, value: string, quantity: number, subject = 'commodity') => ({
  description,
  quantity,
  amount: { value, currency: 'RUB' },
  vat_code: 1,
  payment_mode: 'full_payment',
  payment_subject: subject,
  measure: 'piece',
});

/** The storekeeper marks how many of each product arrived, as the warehouse does. */
async function receive(order: OrderJson, arrivedByProduct: Record<string, number>) {
  await walkTo(ctx.app, admin, order.purchase.id, 'in_transit');
  const sheet = await call(ctx.app, endpoints.warehouse.receivingSheet, { params: { id: order.purchase.id }, headers: storekeeper });
  expect(sheet.statusCode, sheet.body).toBe(200);
  const marks: ReceiveBody['marks'] = sheet
    .json<ReceivingSheet>()
    .groups.filter((g) => g.product in arrivedByProduct)
    .map((g) => ({ lineIds: g.lines.map((l) => l.lineId), arrivedQuantity: arrivedByProduct[g.product]! }));
  const res = await call(ctx.app, endpoints.warehouse.receive, {
    params: { id: order.purchase.id },
    headers: storekeeper,
    body: { marks } satisfies ReceiveBody,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the refund receipt', () => {
  it('a whole payment: the refund receipt has the payment receipt’s lines, for the same customer', async () => {
    const paid = await paidOnline(
      [
        [
          { product: 'Платье', quantity: 2, unitPriceKopecks: 150_050 },
          { product: 'Шарф', quantity: 1, unitPriceKopecks: 55_000 },
        ],
        [{ product: 'Шапка', quantity: 3, unitPriceKopecks: 33_333 }],
      ],
      10,
    );
    await adminActionOk(ctx.app, admin, paid.paymentId, 'refund', { comment: 'Клиент передумал' });

    const [refund] = refundsAt(paid.yooId);
    expect(refund).toMatchObject({ status: 'succeeded' });
    expect(refund!.receipt).toEqual(paid.paymentReceipt);
    expect(refund!.receipt!.customer).toEqual({ phone: demoPhones.client });
    expect(sumOf(refund!.receipt)).toBe(kopecksOf(refund!.amount));
    // 2 × 1 500,50 + 550,00 = 3 551,00 ₽ of goods, the fee of 10 % a service line of its own.
    expect(refund!.receipt!.items).toContainEqual(line(`Оргсбор по заказу №${paid.orders[0]!.number}`, '355.10', 1, 'service'));
    expect(refund!.receipt!.items).toContainEqual(line('Платье', '1500.50', 2));
  });

  it('one order of a payment: only that order’s lines', async () => {
    const paid = await paidOnline([
      [{ product: 'Куртка', quantity: 1, unitPriceKopecks: 500_000 }],
      [{ product: 'Носки', quantity: 4, unitPriceKopecks: 12_500 }],
    ]);
    await adminActionOk(ctx.app, admin, paid.paymentId, 'refund', { orderId: paid.orders[1]!.id });
    expect(refundsAt(paid.yooId)).toEqual([
      { amount: '500.00', status: 'succeeded', receipt: { customer: { phone: demoPhones.client }, items: [line('Носки', '125.00', 4)] } },
    ]);
  });

  it('a refund due for goods that did not arrive lists just them and the fee they carried, summing to the refund', async () => {
    const paid = await paidOnline([[{ product: 'Платье', quantity: 3, unitPriceKopecks: 100_000 }]], 10);
    const order = paid.orders[0]!;
    await receive(order, { Платье: 2 });
    const res = await call(ctx.app, endpoints.payments.refundDue, { params: { orderId: order.id }, headers: admin, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(refundsAt(paid.yooId)).toEqual([
      {
        amount: '1100.00',
        status: 'succeeded',
        receipt: {
          customer: { phone: demoPhones.client },
          items: [line('Платье', '1000.00', 1), line(`Оргсбор по заказу №${order.number}`, '100.00', 1, 'service')],
        },
      },
    ]);
  });
});
