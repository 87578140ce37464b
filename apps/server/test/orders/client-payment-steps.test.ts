import { clientPaymentStepOf, type CreatePaymentResult, type MyOrderStep, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAccount, signUpClient } from '../fixtures/accounts-kit.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import {
  adminActionOk,
  createCard,
  goods,
  myOrders,
  orderByLink,
  payByLink,
  purchaseWithOrders,
  receiptFiles,
  recordCash,
  uploadReceipt,
} from '../fixtures/payments-kit.js';
import { walkTo } from '../fixtures/purchases-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import { receiveRestOk } from '../fixtures/warehouse-kit.js';
import { reportPage } from '../reports/reports-kit.js';

/**
 * What a client's orders say of their payment, computed once by the server (issue 26, items C, D, 5):
 * the open payment holding an order whoever started it, why its latest payment failed, and «Долг» in
 * the clients report counting only orders due now. And the steps of a client's own orders' goods (E).
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

let phoneCounter = 0;
async function newClient(): Promise<{ phone: string; headers: Headers }> {
  phoneCounter += 1;
  const phone = `7956${String(phoneCounter).padStart(7, '0')}`;
  const { authorization } = await signUpClient(ctx.app, phone);
  const headers = { authorization };
  await confirmAccount(ctx.app, phone, headers);
  return { phone, headers };
}

/** A transfer by the order's link (a relative, the demo): no payer account, the receipt sent with the payer token. */
async function transferByLinkWithReceipt(orderId: string): Promise<string> {
  const res = await payByLink(ctx.app, orderId, 'transfer');
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<CreatePaymentResult>();
  const payment = created.payments[0]!;
  const upload = await uploadReceipt(ctx.app, { payer: created.payerToken! }, payment.id, (await receiptFiles()).png);
  expect(upload.statusCode, upload.body).toBe(200);
  return payment.id;
}

describe("a client's orders say where their payment stands", () => {
  it('payable, after the stop, paid, and on check by the link: one step each, the same on the unpaid list', async () => {
    const { phone, headers } = await newClient();
    const spec = (kopecks: number) => ({ orders: [{ phone, lines: goods(kopecks) }], cardId });
    const payable = (await purchaseWithOrders(ctx.app, admin, spec(100_000))).orders[0]!;
    const collecting = (await purchaseWithOrders(ctx.app, admin, { ...spec(50_000), status: 'open' })).orders[0]!;
    const paid = (await purchaseWithOrders(ctx.app, admin, spec(30_000))).orders[0]!;
    expect((await recordCash(ctx.app, admin, paid.id)).statusCode).toBe(201);
    const onCheck = (await purchaseWithOrders(ctx.app, admin, spec(20_000))).orders[0]!;
    await transferByLinkWithReceipt(onCheck.id);

    const mine = new Map((await myOrders(ctx.app, headers)).map((o) => [o.id, o]));
    expect(mine.get(onCheck.id)!.openPaymentStatus).toBe('awaiting_check');
    expect(mine.get(payable.id)!.openPaymentStatus).toBeNull();
    const steps = Object.fromEntries([...mine.values()].map((o) => [o.id, clientPaymentStepOf(o)]));
    expect(steps).toEqual({
      [payable.id]: 'to_pay',
      [collecting.id]: 'after_stop',
      [paid.id]: 'settled',
      [onCheck.id]: 'on_check',
    });
    // The unpaid list has the same facts: the order on check is not to be paid again.
    const unpaid = await myOrders(ctx.app, headers, 'unpaid');
    expect(unpaid.find((o) => o.id === onCheck.id)!.openPaymentStatus).toBe('awaiting_check');
  });
});

describe("a rejected receipt's reason stays beside the order until it is paid", () => {
  it('paid by the link and rejected: the owner and the link holder read the reason; paying again clears it', async () => {
    const { phone, headers } = await newClient();
    const order = (await purchaseWithOrders(ctx.app, admin, { orders: [{ phone, lines: goods(40_000) }], cardId })).orders[0]!;
    const paymentId = await transferByLinkWithReceipt(order.id);
    await adminActionOk(ctx.app, admin, paymentId, 'reject', { reason: 'В чеке другая сумма' });

    const problem = { status: 'rejected', reason: 'В чеке другая сумма' };
    const owned = (await myOrders(ctx.app, headers, 'unpaid')).find((o) => o.id === order.id)!;
    expect(owned.paymentProblem).toEqual(problem);
    expect(owned.openPaymentStatus).toBeNull();
    expect(clientPaymentStepOf(owned)).toBe('to_pay');
    expect((await orderByLink(ctx.app, order.id)).paymentProblem).toEqual(problem);

    expect((await recordCash(ctx.app, admin, order.id)).statusCode).toBe(201);
    const after = (await myOrders(ctx.app, headers)).find((o) => o.id === order.id)!;
    expect(after.paymentProblem).toBeNull();
    expect((await orderByLink(ctx.app, order.id)).paymentProblem).toBeNull();
  });
});

describe('«Долг» in the clients report', () => {
  it('counts only orders due now: an order of a purchase still collecting owes nothing yet', async () => {
    const { phone } = await newClient();
    await purchaseWithOrders(ctx.app, admin, { orders: [{ phone, lines: goods(70_000) }], status: 'open' });
    const due = await purchaseWithOrders(ctx.app, admin, { orders: [{ phone, lines: goods(25_000) }] });

    const [row] = (await reportPage(ctx.app, admin, { q: phone })).items;
    expect(row).toMatchObject({ phone, ordersCount: 2, dueKopecks: 25_000 });
    // The purchase's own report and the «only with a debt» filter agree.
    expect((await reportPage(ctx.app, admin, { q: phone, purchaseId: due.purchase.id })).items[0]!.dueKopecks).toBe(25_000);
    const onlyDue = await reportPage(ctx.app, admin, { q: phone, onlyDue: true });
    expect(onlyDue.totals.dueKopecks).toBe(25_000);
  });
});

describe('the steps of a client’s own orders', () => {
  it('shows the statuses reached and when, without who made them; not another client’s orders', async () => {
    const owner = await newClient();
    const other = await newClient();
    const made = await purchaseWithOrders(ctx.app, admin, {
      orders: [
        { phone: owner.phone, lines: goods(10_000) },
        { phone: other.phone, lines: goods(10_000) },
      ],
    });
    for (const order of made.orders) expect((await recordCash(ctx.app, admin, order.id)).statusCode).toBe(201);
    await walkTo(ctx.app, admin, made.purchase.id, 'in_transit');
    await receiveRestOk(ctx.app, admin, made.purchase.id);

    const res = await call(ctx.app, endpoints.orders.listMySteps, { headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const steps = res.json<MyOrderStep[]>();
    expect(steps).toEqual([
      { orderId: made.orders[0]!.id, fromStatus: 'awaiting_goods', toStatus: 'arrived', createdAt: expect.any(String) },
    ]);
    expect(Object.keys(steps[0]!).sort()).toEqual(['createdAt', 'fromStatus', 'orderId', 'toStatus']);
  });
});
