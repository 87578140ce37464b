import type { CreatePaymentResult, Payment } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signUpClient } from '../fixtures/accounts-kit.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import type { Headers } from '../fixtures/requests.js';
import {
  abandon,
  createCard,
  getPayment,
  goods,
  payByLink,
  payOk,
  purchaseWithOrders,
  receiptFiles,
  uploadReceipt,
} from '../fixtures/payments-kit.js';

/**
 * Paying by an order's link is open to anyone with the link, but sending the receipt and giving the
 * payment up belong to its payer (the client by session, the browser that started a payment by link
 * by its payer token), the order's owner and the admin (issue 24, item 12). Others get 403.
 */

const NOT_THE_PAYER =
  'Этот платёж начат не здесь: отправить чек или отказаться от него может тот, кто начал оплату (в том же браузере), владелец заказа в личном кабинете или магазин';

let ctx: TestContext;
let admin: Headers;
let maria: Headers;
let stranger: Headers;
let cardId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  maria = await signInAs(ctx.app, 'client');
  // Another client's session (whether the account is confirmed does not matter here).
  stranger = { authorization: (await signUpClient(ctx.app)).authorization };
  cardId = (await createCard(ctx.app, admin)).id;
});
afterAll(() => ctx.close());

/** A payable order of Maria's, in a purchase of its own (one order per client and purchase). */
async function mariasOrder() {
  return (await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: demoPhones.client, lines: goods(15_000) }] })).orders[0]!;
}

async function cabinetTransfer(): Promise<Payment> {
  const result = await payOk(ctx.app, maria, [(await mariasOrder()).id], 'transfer');
  expect(result.payerToken).toBeNull();
  return result.payments[0]!;
}

/** A relative pays Maria's order by its link, without an account. */
async function linkTransfer(): Promise<{ payment: Payment; payerToken: string }> {
  const res = await payByLink(ctx.app, (await mariasOrder()).id, 'transfer');
  expect(res.statusCode, res.body).toBe(201);
  const result = res.json<CreatePaymentResult>();
  expect(result.payerToken).toMatch(/^[\w-]{32}$/);
  return { payment: result.payments[0]!, payerToken: result.payerToken! };
}

describe('a payment started in the cabinet', () => {
  it('a guest or another client may neither give it up nor send its receipt: 403, the payment untouched', async () => {
    const payment = await cabinetTransfer();
    const { png } = await receiptFiles();
    for (const who of [{}, stranger, { payer: 'подобранный-токен' }]) {
      expectError(await abandon(ctx.app, who, payment.id), 403, { message: NOT_THE_PAYER });
      expectError(await uploadReceipt(ctx.app, who, payment.id, png), 403, { message: NOT_THE_PAYER });
    }
    expect(await getPayment(ctx.app, payment.id)).toMatchObject({ status: 'pending', hasReceipt: false });
  });

  it('its client sends the receipt; its client and the admin give it up', async () => {
    const withReceipt = await cabinetTransfer();
    const res = await uploadReceipt(ctx.app, maria, withReceipt.id, (await receiptFiles()).png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>().status).toBe('awaiting_check');

    for (const who of [maria, admin]) {
      const payment = await cabinetTransfer();
      const res = await abandon(ctx.app, who, payment.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Payment>().status).toBe('canceled');
    }
  });

  it('the admin may send a receipt for the client (one that came by messenger)', async () => {
    const payment = await cabinetTransfer();
    expect((await uploadReceipt(ctx.app, admin, payment.id, (await receiptFiles()).pdf, 'чек.pdf')).statusCode).toBe(200);
  });
});

describe('a payment started by the order link', () => {
  it('only the browser holding its payer token acts on it: not a guest without it, nor another client', async () => {
    const { payment, payerToken } = await linkTransfer();
    const { png } = await receiptFiles();
    for (const who of [{}, stranger, { payer: `${payerToken.slice(1)}x` }]) {
      expectError(await uploadReceipt(ctx.app, who, payment.id, png), 403, { message: NOT_THE_PAYER });
      expectError(await abandon(ctx.app, who, payment.id), 403, { message: NOT_THE_PAYER });
    }
    const res = await uploadReceipt(ctx.app, { payer: payerToken }, payment.id, png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({ status: 'awaiting_check', hasReceipt: true });

    const next = await linkTransfer();
    expect(next.payerToken).not.toBe(payerToken);
    // One payment's token is not another's.
    expectError(await abandon(ctx.app, { payer: payerToken }, next.payment.id), 403);
    const abandoned = await abandon(ctx.app, { payer: next.payerToken }, next.payment.id);
    expect(abandoned.statusCode, abandoned.body).toBe(200);
  });

  it('the order’s owner gives it up from the cabinet; the admin too', async () => {
    for (const who of [maria, admin]) {
      const { payment } = await linkTransfer();
      const res = await abandon(ctx.app, who, payment.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Payment>().status).toBe('canceled');
    }
  });

  it('paying by the link stays open to anyone, signed in or not', async () => {
    const order = await mariasOrder();
    const res = await payByLink(ctx.app, order.id, 'card', stranger);
    expect(res.statusCode, res.body).toBe(201);
  });
});

it('a payment that does not exist → 404 for everyone', async () => {
  const missing = '00000000-0000-4000-8000-00000000abcd';
  expectError(await abandon(ctx.app, admin, missing), 404, { message: 'Платёж не найден' });
  expectError(await uploadReceipt(ctx.app, {}, missing, (await receiptFiles()).png), 404, { message: 'Платёж не найден' });
});
