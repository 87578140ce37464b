import { type AdminPaymentDetails, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { type Headers, NIL_UUID, call } from '../fixtures/requests.js';
import { type CardJson, type OrderJson, walkTo } from '../fixtures/purchases-kit.js';
import {
  adminAction,
  adminActionOk,
  countPaymentRows,
  createCard,
  getPayment,
  goods,
  myOrders,
  orderByLink,
  pay,
  paymentDetails,
  payOk,
  paySandbox,
  purchaseWithOrders,
  receiptFiles,
  recordCash,
  uploadReceipt,
} from '../fixtures/payments-kit.js';

/**
 * The admin's money actions other than refunds (refunds.test.ts): cash, cancel, confirm, reject,
 * each leaving an audit entry with who did it, the statuses and what the orders had paid.
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

async function clientOrder(kopecks = 100_000, fee = 0, status = 'payment'): Promise<OrderJson> {
  const { orders } = await purchaseWithOrders(ctx.app, admin, {
    fee,
    cardId: card.id,
    status,
    orders: [{ phone: demoPhones.client, lines: goods(kopecks) }],
  });
  return orders[0]!;
}

async function moneyOf(orderId: string) {
  const order = await orderByLink(ctx.app, orderId);
  return { paidKopecks: order.paidKopecks, dueKopecks: order.dueKopecks };
}

describe('cash at the distribution point', () => {
  it('pays the order’s whole due at once, with an audit entry', async () => {
    const order = await clientOrder(123_400, 5);
    const res = await recordCash(ctx.app, admin, order.id, 'Принято на пункте выдачи');
    expect(res.statusCode, res.body).toBe(201);
    const cash = res.json<AdminPaymentDetails>();
    expect(cash).toMatchObject({
      method: 'cash',
      status: 'succeeded',
      amountKopecks: order.totalKopecks,
      provider: null,
      payer: { phone: demoPhones.client },
      items: [{ orderId: order.id, orderNumber: order.number, amountKopecks: order.totalKopecks, refundedKopecks: 0 }],
    });
    expect(cash.paidAt).not.toBeNull();
    expect(cash.history).toEqual([
      expect.objectContaining({
        action: 'cash',
        actorName: ADMIN_NAME,
        statusBefore: null,
        statusAfter: 'succeeded',
        amountKopecks: order.totalKopecks,
        comment: 'Принято на пункте выдачи',
        orders: [{ number: order.number, paidBeforeKopecks: 0, paidAfterKopecks: order.totalKopecks }],
      }),
    ]);
    expect(await moneyOf(order.id)).toEqual({ paidKopecks: order.totalKopecks, dueKopecks: 0 });
    // The client sees it among their paid orders.
    expect((await myOrders(ctx.app, client, 'paid')).map((o) => o.id)).toContain(order.id);
  });

  it('after a part was paid, cash takes exactly the rest', async () => {
    const order = await clientOrder(50_000);
    await paySandbox(ctx.app, client, [order.id]);
    const grown = await call(ctx.app, endpoints.orders.update, {
      params: { id: order.id },
      headers: admin,
      body: { lines: [{ product: 'Товар', quantity: 3, unitPriceKopecks: 50_000 }] },
    });
    expect(grown.statusCode, grown.body).toBe(200);
    const res = await recordCash(ctx.app, admin, order.id);
    expect(res.statusCode, res.body).toBe(201);
    const cash = res.json<AdminPaymentDetails>();
    expect(cash.amountKopecks).toBe(100_000);
    expect(cash.history[0]!.comment).toMatch(/^Наличными 1\s000,00\s₽$/);
    expect(cash.history[0]!.orders).toEqual([{ number: order.number, paidBeforeKopecks: 50_000, paidAfterKopecks: 150_000 }]);
    expect(await moneyOf(order.id)).toEqual({ paidKopecks: 150_000, dueKopecks: 0 });
  });

  it('refuses what is not due or is held by an open payment; nothing is written', async () => {
    const paid = await clientOrder();
    expect((await recordCash(ctx.app, admin, paid.id)).statusCode).toBe(201);
    const canceledPurchase = await clientOrder();
    await walkTo(ctx.app, admin, canceledPurchase.purchase.id, 'canceled');
    const held = await clientOrder();
    const open = (await payOk(ctx.app, client, [held.id], 'transfer')).payments[0]!;
    const before = await countPaymentRows(ctx);

    expectError(await recordCash(ctx.app, admin, paid.id), 409, { message: `Заказ №${paid.number} уже оплачен` });
    expectError(await recordCash(ctx.app, admin, canceledPurchase.id), 409, { message: `Заказ №${canceledPurchase.number} отменён` });
    expectError(await recordCash(ctx.app, admin, held.id), 409, {
      message: `Заказ №${held.number} уже в оплате (платёж №${open.number}): сначала закройте его`,
    });
    expectError(await recordCash(ctx.app, admin, NIL_UUID), 404, { message: 'Заказ не найден', field: 'orderId' });
    expect(await countPaymentRows(ctx)).toEqual(before);
  });
});

describe('cancel an open payment', () => {
  it('a pending transfer, a receipt on check and a pending online payment: canceled, orders free, history kept', async () => {
    const cases: { method: 'transfer' | 'card'; withReceipt: boolean; statusBefore: string }[] = [
      { method: 'transfer', withReceipt: false, statusBefore: 'pending' },
      { method: 'transfer', withReceipt: true, statusBefore: 'awaiting_check' },
      { method: 'card', withReceipt: false, statusBefore: 'pending' },
    ];
    for (const { method, withReceipt, statusBefore } of cases) {
      const order = await clientOrder();
      const open = (await payOk(ctx.app, client, [order.id], method)).payments[0]!;
      if (withReceipt) expect((await uploadReceipt(ctx.app, client, open.id, (await receiptFiles()).png)).statusCode).toBe(200);
      const canceled = await adminActionOk(ctx.app, admin, open.id, 'cancel', { reason: 'Клиент попросил отменить' });
      expect(canceled).toMatchObject({ status: 'canceled', reason: 'Клиент попросил отменить' });
      expect(canceled.history.at(-1)).toEqual(
        expect.objectContaining({
          action: 'canceled',
          actorName: ADMIN_NAME,
          statusBefore,
          statusAfter: 'canceled',
          comment: 'Клиент попросил отменить',
          orders: [],
        }),
      );
      expect((await getPayment(ctx.app, open.id)).reason).toBe('Клиент попросил отменить');
      // The order is free: the client pays it another way.
      expect((await payOk(ctx.app, client, [order.id], 'sbp')).payments[0]!.amountKopecks).toBe(order.totalKopecks);
    }
  });

  it('without a reason the client reads «Отменён магазином»; a closed payment → 409', async () => {
    const order = await clientOrder();
    const open = (await payOk(ctx.app, client, [order.id], 'transfer')).payments[0]!;
    expect((await adminActionOk(ctx.app, admin, open.id, 'cancel')).reason).toBe('Отменён магазином');
    expectError(await adminAction(ctx.app, admin, open.id, 'cancel'), 409, { message: `Платёж №${open.number} уже закрыт` });
    const paid = await paySandbox(ctx.app, client, [(await clientOrder()).id]);
    expectError(await adminAction(ctx.app, admin, paid.id, 'cancel'), 409, {
      message: `Платёж №${paid.number} уже прошёл: оформите возврат`,
    });
    expectError(await adminAction(ctx.app, admin, NIL_UUID, 'cancel'), 404, { message: 'Платёж не найден' });
  });
});

describe('the history of a payment', () => {
  it('tells who did what, the statuses and the orders’ money before and after, oldest first', async () => {
    const first = await clientOrder(40_000);
    const second = await clientOrder(60_000);
    const rejected = (await payOk(ctx.app, client, [first.id, second.id], 'transfer')).payments[0]!;
    expect((await uploadReceipt(ctx.app, client, rejected.id, (await receiptFiles()).pdf, 'чек.pdf')).statusCode).toBe(200);
    await adminActionOk(ctx.app, admin, rejected.id, 'reject', { reason: 'Нечитаемый чек' });
    const history = (await paymentDetails(ctx.app, admin, rejected.id)).history;
    expect(
      history.map(({ action, actorName, statusBefore, statusAfter, amountKopecks, comment, orders }) => ({
        action,
        actorName,
        statusBefore,
        statusAfter,
        amountKopecks,
        comment,
        orders,
      })),
    ).toEqual([
      { action: 'created', actorName: null, statusBefore: null, statusAfter: 'pending', amountKopecks: 100_000, comment: '', orders: [] },
      {
        action: 'receipt_uploaded',
        actorName: null,
        statusBefore: 'pending',
        statusAfter: 'awaiting_check',
        amountKopecks: null,
        comment: '',
        orders: [],
      },
      {
        action: 'rejected',
        actorName: ADMIN_NAME,
        statusBefore: 'awaiting_check',
        statusAfter: 'rejected',
        amountKopecks: null,
        comment: 'Нечитаемый чек',
        orders: [],
      },
    ]);
    for (let i = 1; i < history.length; i += 1) expect(history[i]!.at >= history[i - 1]!.at).toBe(true);

    const confirmed = (await payOk(ctx.app, client, [first.id, second.id], 'transfer')).payments[0]!;
    const details = await adminActionOk(ctx.app, admin, confirmed.id, 'confirm');
    expect(details.history.at(-1)).toEqual(
      expect.objectContaining({
        action: 'confirmed',
        actorName: ADMIN_NAME,
        statusBefore: 'pending',
        statusAfter: 'succeeded',
        amountKopecks: 100_000,
        orders: [
          { number: first.number, paidBeforeKopecks: 0, paidAfterKopecks: 40_000 },
          { number: second.number, paidBeforeKopecks: 0, paidAfterKopecks: 60_000 },
        ],
      }),
    );
  });

  it('a client cannot reach the admin’s actions', async () => {
    const order = await clientOrder();
    const open = (await payOk(ctx.app, client, [order.id], 'transfer')).payments[0]!;
    for (const action of ['confirm', 'cancel', 'refund'] as const) {
      expectError(await adminAction(ctx.app, client, open.id, action), 403);
    }
    expectError(await call(ctx.app, endpoints.payments.details, { params: { id: open.id }, headers: client }), 403);
    expectError(await pay(ctx.app, admin, [order.id], 'card'), 403);
    expect((await getPayment(ctx.app, open.id)).status).toBe('pending');
  });
});
