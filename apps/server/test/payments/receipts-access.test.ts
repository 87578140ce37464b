import { endpoints, type Payment } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { confirmAccount, signUpClient } from '../fixtures/accounts-kit.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { createCard, goods, payOk, purchaseWithOrders, receiptFiles, uploadReceipt } from '../fixtures/payments-kit.js';

/** A receipt is a bank document with names and card digits: only its payer and the admins get it. */

let ctx: TestContext;
let admin: Headers;
let maria: Headers;
let stranger: Headers;
let mariaPayment: Payment;
let strangerPayment: Payment;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  maria = await signInAs(ctx.app, 'client');
  const other = await signUpClient(ctx.app);
  stranger = { authorization: other.authorization };
  await confirmAccount(ctx.app, other.phone, stranger);
  const card = await createCard(ctx.app, admin);
  const { orders } = await purchaseWithOrders(ctx.app, admin, {
    cardId: card.id,
    orders: [
      { phone: demoPhones.client, lines: goods(10_000) },
      { phone: other.phone, lines: goods(20_000) },
    ],
  });
  mariaPayment = (await payOk(ctx.app, maria, [orders[0]!.id], 'transfer')).payments[0]!;
  strangerPayment = (await payOk(ctx.app, stranger, [orders[1]!.id], 'transfer')).payments[0]!;
  const { pdf, heic } = await receiptFiles();
  expect((await uploadReceipt(ctx.app, maria, mariaPayment.id, pdf, 'чек.pdf')).statusCode).toBe(200);
  expect((await uploadReceipt(ctx.app, stranger, strangerPayment.id, heic, 'IMG.HEIC')).statusCode).toBe(200);
});
afterAll(() => ctx.close());

const receipt = (id: string, headers: Headers = {}) => call(ctx.app, endpoints.payments.receiptFile, { params: { id }, headers });

describe('GET /api/payments/:id/receipt', () => {
  it('the payer and an admin get the bytes with their type, never cached', async () => {
    const { pdf, heic } = await receiptFiles();
    for (const headers of [maria, admin]) {
      const res = await receipt(mariaPayment.id, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(pdf)).toBe(true);
    }
    const own = await receipt(strangerPayment.id, stranger);
    expect(own.headers['content-type']).toBe('image/heic');
    expect(own.rawPayload.equals(heic)).toBe(true);
  });

  it('another client gets 404, as if there were no such receipt', async () => {
    expectError(await receipt(mariaPayment.id, stranger), 404, { message: 'Чек не найден' });
    expectError(await receipt(strangerPayment.id, maria), 404, { message: 'Чек не найден' });
  });

  it('without a session → 401; staff other than admins → 403', async () => {
    expectError(await receipt(mariaPayment.id), 401);
    for (const who of ['storekeeper', 'logistician', 'organizer'] as const) {
      expectError(await receipt(mariaPayment.id, await signInAs(ctx.app, who)), 403);
    }
  });

  it('a payment without a receipt → 404', async () => {
    const { orders } = await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: demoPhones.client, lines: goods(5_000) }] });
    const online = (await payOk(ctx.app, maria, [orders[0]!.id], 'card')).payments[0]!;
    expectError(await receipt(online.id, maria), 404, { message: 'Чек не найден' });
    expectError(await receipt(online.id, admin), 404, { message: 'Чек не найден' });
  });
});

describe('GET /api/payments/my', () => {
  it('lists only the client’s own payments', async () => {
    const mine = await call(ctx.app, endpoints.payments.listMine, { headers: maria });
    expect(mine.statusCode).toBe(200);
    const ids = mine.json<Payment[]>().map((p) => p.id);
    expect(ids).toContain(mariaPayment.id);
    expect(ids).not.toContain(strangerPayment.id);
    const theirs = await call(ctx.app, endpoints.payments.listMine, { headers: stranger });
    expect(theirs.json<Payment[]>().map((p) => p.id)).toEqual([strangerPayment.id]);
  });
});
