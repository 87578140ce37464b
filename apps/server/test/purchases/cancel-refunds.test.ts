import { type CreatePaymentResult, endpoints, type PublicOrder, type RefundDue, type RefundDueResult } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayments } from '../../src/tables.js';
import { balanceOf, type Client, manualOk, newClient, paySandboxWithBonus, putSettings } from '../bonus/bonus-kit.js';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import {
  createCard,
  getPayment,
  goods,
  orderByLink,
  payByLink,
  payByTransfer,
  paymentDetails,
  paySandbox,
  purchaseWithOrders,
  sandboxDecide,
  sandboxIdOf,
} from '../fixtures/payments-kit.js';
import { listOrdersOf, setStatus } from '../fixtures/purchases-kit.js';
import { call, type Headers } from '../fixtures/requests.js';

/**
 * Cancelling a purchase (issue 25, item 6): every order of it is canceled and owes nothing, and every
 * kopeck paid for it — money and bonuses alike — is a refund due on «Оплаты», by order and payment,
 * that the admin gives back as money (the bonus part to bonuses) or all to the bonus account. Money
 * that comes while the purchase is being canceled ends as a refund due too, never lost.
 */

let ctx: TestContext;
let admin: Headers;
let cardId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  cardId = (await createCard(ctx.app, admin)).id;
  // Cashback only at hand-over: nothing here is handed over, so bonus balances move only by what is tested.
  await putSettings(ctx.app, admin, { creditOn: 'delivery', spendCapPercent: 100 });
});
afterAll(() => ctx.close());

async function refundsDue(): Promise<RefundDue[]> {
  const res = await call(ctx.app, endpoints.payments.refundsDue, { headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RefundDue[]>();
}

function refundDue(orderId: string, body: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return call(ctx.app, endpoints.payments.refundDue, { params: { orderId }, headers: admin, body: body });
}

async function refundDueOk(orderId: string, body: Record<string, unknown> = {}): Promise<RefundDueResult> {
  const res = await refundDue(orderId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RefundDueResult>();
}

async function sandboxRefunded(paymentId: string): Promise<number> {
  const details = await paymentDetails(ctx.app, admin, paymentId);
  const [row] = await ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, details.providerPaymentId!));
  return row!.refundedKopecks;
}

const moneyOf = (o: PublicOrder) => ({
  isCanceled: o.isCanceled,
  totalKopecks: o.totalKopecks,
  paidKopecks: o.paidKopecks,
  dueKopecks: o.dueKopecks,
  refundDueKopecks: o.refundDueKopecks,
  paymentState: o.paymentState,
});

describe('a canceled purchase with a paid, a part-paid (card and bonuses) and an unpaid order', () => {
  let paidClient: Client;
  let partClient: Client;

  beforeAll(async () => {
    paidClient = await newClient(ctx.app);
    partClient = await newClient(ctx.app);
    await manualOk(ctx.app, admin, partClient.phone, 30_000);
  });

  it('cancels every order, lists all their money as due back, and gives it back to card and to bonuses once', async () => {
    const { purchase, orders } = await purchaseWithOrders(ctx.app, admin, {
      fee: 10,
      cardId,
      orders: [
        { phone: paidClient.phone, lines: goods(100_000) },
        { phone: partClient.phone, lines: goods(200_000) },
        { phone: '79004440001', lines: goods(50_000) },
      ],
    });
    const [paid, part, unpaid] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];
    // 1 000 ₽ + 10 % = 1 100 ₽; 2 000 ₽ + 10 % = 2 200 ₽; 500 ₽ + 10 % = 550 ₽.
    expect([paid.totalKopecks, part.totalKopecks, unpaid.totalKopecks]).toEqual([110_000, 220_000, 55_000]);

    const cardPayment = await paySandbox(ctx.app, paidClient.headers, [paid.id]);
    expect(cardPayment).toMatchObject({ status: 'succeeded', amountKopecks: 110_000 });
    // 300 ₽ in bonuses, 1 900 ₽ by card.
    const { payment: mixed } = await paySandboxWithBonus(ctx.app, ctx, partClient.headers, [part.id], 30_000);
    expect(mixed).toMatchObject({ status: 'succeeded', amountKopecks: 220_000, bonusKopecks: 30_000 });
    expect(await balanceOf(ctx.app, partClient.headers)).toBe(0);
    // The part order grows by a bag of 2 000 ₽ (+ 200 ₽ fee) after it was paid: 2 200 ₽ due again.
    const grown = await call(ctx.app, endpoints.orders.update, {
      params: { id: part.id },
      headers: admin,
      body: { lines: [...goods(200_000), ...goods(200_000, 'Сумка')] },
    });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(moneyOf(await orderByLink(ctx.app, part.id))).toMatchObject({ totalKopecks: 440_000, dueKopecks: 220_000 });
    // Someone starts a transfer for the unpaid order and never finishes.
    const transferRes = await payByLink(ctx.app, unpaid.id, 'transfer');
    expect(transferRes.statusCode, transferRes.body).toBe(201);
    const transfer = transferRes.json<CreatePaymentResult>().payments[0]!;

    expect((await setStatus(ctx.app, admin, purchase.id, 'canceled')).statusCode).toBe(200);

    expect(moneyOf(await orderByLink(ctx.app, paid.id))).toEqual({
      isCanceled: true,
      totalKopecks: 110_000,
      paidKopecks: 110_000,
      dueKopecks: 0,
      refundDueKopecks: 110_000,
      paymentState: 'refund_due',
    });
    expect(moneyOf(await orderByLink(ctx.app, part.id))).toEqual({
      isCanceled: true,
      totalKopecks: 440_000,
      paidKopecks: 220_000,
      dueKopecks: 0,
      refundDueKopecks: 220_000,
      paymentState: 'refund_due',
    });
    expect(moneyOf(await orderByLink(ctx.app, unpaid.id))).toEqual({
      isCanceled: true,
      totalKopecks: 55_000,
      paidKopecks: 0,
      dueKopecks: 0,
      refundDueKopecks: 0,
      paymentState: 'canceled',
    });
    expect(await getPayment(ctx.app, transfer.id)).toMatchObject({ status: 'canceled' });
    expect((await listOrdersOf(ctx.app, admin, purchase.id)).every((o) => o.isCanceled && o.dueKopecks === 0)).toBe(true);
    const purchaseAfter = await call(ctx.app, endpoints.purchases.get, { params: { id: purchase.id }, headers: admin });
    expect(purchaseAfter.json()).toMatchObject({ status: 'canceled', dueKopecks: 0 });

    // «К возврату»: each order with the payment its money goes back from.
    const listed = (await refundsDue()).filter((r) => r.purchaseId === purchase.id);
    expect(listed).toEqual([
      {
        orderId: paid.id,
        orderNumber: paid.number,
        isCanceled: true,
        purchaseId: purchase.id,
        purchaseTitle: purchase.title,
        clientName: 'Клиент',
        phone: paidClient.phone,
        totalKopecks: 110_000,
        paidKopecks: 110_000,
        refundDueKopecks: 110_000,
        payments: [
          {
            paymentId: cardPayment.id,
            number: cardPayment.number,
            method: 'card',
            isOnline: true,
            paidAt: cardPayment.paidAt,
            refundableKopecks: 110_000,
            refundKopecks: 110_000,
          },
        ],
      },
      {
        orderId: part.id,
        orderNumber: part.number,
        isCanceled: true,
        purchaseId: purchase.id,
        purchaseTitle: purchase.title,
        clientName: 'Клиент',
        phone: partClient.phone,
        totalKopecks: 440_000,
        paidKopecks: 220_000,
        refundDueKopecks: 220_000,
        payments: [
          {
            paymentId: mixed.id,
            number: mixed.number,
            method: 'card',
            isOnline: true,
            paidAt: mixed.paidAt,
            refundableKopecks: 220_000,
            refundKopecks: 220_000,
          },
        ],
      },
    ]);

    // The paid order's money all to the client's bonus account: the provider is not asked.
    expect(await refundDueOk(paid.id, { to: 'bonus' })).toEqual({
      orderId: paid.id,
      orderNumber: paid.number,
      refundedKopecks: 110_000,
      totalKopecks: 110_000,
      paidKopecks: 0,
      refundDueKopecks: 0,
      payments: [{ paymentId: cardPayment.id, number: cardPayment.number, amountKopecks: 110_000 }],
    });
    expect(await balanceOf(ctx.app, paidClient.headers)).toBe(110_000);
    expect(await sandboxRefunded(cardPayment.id)).toBe(0);
    expect(await getPayment(ctx.app, cardPayment.id)).toMatchObject({ status: 'refunded', refundedKopecks: 110_000 });

    // The part order's as money: 1 900 ₽ back to the card through the provider, 300 ₽ back to bonuses.
    expect((await refundDueOk(part.id, { to: 'money' })).refundedKopecks).toBe(220_000);
    expect(await sandboxRefunded(mixed.id)).toBe(190_000);
    expect(await balanceOf(ctx.app, partClient.headers)).toBe(30_000);
    expect(await getPayment(ctx.app, mixed.id)).toMatchObject({ status: 'refunded', refundedKopecks: 220_000 });

    // Nothing is due any more, and a second press gives nothing twice.
    expect((await refundsDue()).filter((r) => r.purchaseId === purchase.id)).toEqual([]);
    for (const order of [paid, part]) {
      expect(moneyOf(await orderByLink(ctx.app, order.id))).toMatchObject({
        paidKopecks: 0,
        refundDueKopecks: 0,
        paymentState: 'canceled',
      });
    }
    expectError(await refundDue(paid.id, { to: 'bonus' }), 409, {
      message: `Возвращать нечего: заказ №${paid.number} отменён, и денег на нём нет`,
    });
    expectError(await refundDue(unpaid.id), 409, { message: `Возвращать нечего: заказ №${unpaid.number} отменён, и денег на нём нет` });
    expect(await balanceOf(ctx.app, paidClient.headers)).toBe(110_000);
    expect(await sandboxRefunded(mixed.id)).toBe(190_000);
  });

  it('a transfer of a canceled order goes back by hand with a comment, or to bonuses without one', async () => {
    const client = await newClient(ctx.app);
    const { purchase, orders } = await purchaseWithOrders(ctx.app, admin, {
      cardId,
      orders: [{ phone: client.phone, lines: goods(40_000) }],
    });
    const order = orders[0]!;
    await payByTransfer(ctx.app, client.headers, admin, [order.id]);
    expect((await setStatus(ctx.app, admin, purchase.id, 'canceled')).statusCode).toBe(200);

    expectError(await refundDue(order.id), 400, { message: 'Укажите комментарий: как и куда вернули деньги' });
    expect((await refundsDue()).find((r) => r.orderId === order.id)?.refundDueKopecks).toBe(40_000);
    expect((await refundDueOk(order.id, { to: 'bonus' })).refundedKopecks).toBe(40_000);
    expect(await balanceOf(ctx.app, client.headers)).toBe(40_000);
    expect((await refundsDue()).find((r) => r.orderId === order.id)).toBeUndefined();
  });
});

describe.skipIf(!isPostgresRun)('cancel and pay at once (PostgreSQL only: PGlite has one connection)', () => {
  const ROUNDS = 4;
  const PAYING = 6;
  const STARTING = 4;

  it(`${ROUNDS} rounds: money that comes while the purchase is canceled ends as a refund due, never lost`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const phones = Array.from(
        { length: PAYING + STARTING },
        (_, i) => `7905${String(round).padStart(3, '0')}${String(i).padStart(4, '0')}`,
      );
      const { purchase, orders } = await purchaseWithOrders(ctx.app, admin, {
        fee: 7.5,
        cardId,
        orders: phones.map((phone, i) => ({ phone, lines: goods(10_000 + i * 1_001) })),
      });
      const paying = orders.slice(0, PAYING);
      const starting = orders.slice(PAYING);
      // Payments under way at the bank when the admin cancels.
      const started = [];
      for (const order of paying) {
        const res = await payByLink(ctx.app, order.id, 'card');
        expect(res.statusCode, res.body).toBe(201);
        started.push(res.json<CreatePaymentResult>());
      }

      const answers = await Promise.all([
        setStatus(ctx.app, admin, purchase.id, 'canceled'),
        ...started.map((s) => sandboxDecide(ctx.app, sandboxIdOf(s), 'pay')),
        ...starting.map((o) => payByLink(ctx.app, o.id, 'card')),
      ]);
      for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(500);
      expect(answers[0]!.statusCode, answers[0]!.body).toBe(200);
      for (const res of answers.slice(1, 1 + PAYING)) expect(res.statusCode, res.body).toBe(200);
      // A payment started before the cancel was closed by it; its money may still come, late.
      const late = answers.slice(1 + PAYING).filter((res) => res.statusCode === 201);
      for (const res of answers.slice(1 + PAYING)) expect([201, 409]).toContain(res.statusCode);
      for (const res of late)
        expect((await sandboxDecide(ctx.app, sandboxIdOf(res.json<CreatePaymentResult>()), 'pay')).statusCode).toBe(200);

      const due = new Map((await refundsDue()).filter((r) => r.purchaseId === purchase.id).map((r) => [r.orderId, r]));
      let cameKopecks = 0;
      for (const order of orders) {
        const now = await orderByLink(ctx.app, order.id);
        expect(now.isCanceled, `order ${order.number}`).toBe(true);
        expect(now.dueKopecks).toBe(0);
        // Every order that got money got all of its total (the bank's payments are whole), and owes it back.
        expect([0, order.totalKopecks]).toContain(now.paidKopecks);
        expect(now.refundDueKopecks).toBe(now.paidKopecks);
        expect(due.get(order.id)?.refundDueKopecks ?? 0).toBe(now.paidKopecks);
        cameKopecks += now.paidKopecks;
      }
      // The bank's money: every payment that succeeded, all of it in the orders' refunds due.
      const expectedKopecks = [
        ...paying.map((o) => o.totalKopecks),
        ...late.map((res) => res.json<CreatePaymentResult>().payments[0]!.amountKopecks),
      ].reduce((sum, k) => sum + k, 0);
      expect(cameKopecks, `round ${round + 1}`).toBe(expectedKopecks);
    }
  });
});
