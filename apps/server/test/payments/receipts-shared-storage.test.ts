import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { createCard, goods, payOk, purchaseWithOrders, receiptFiles, uploadReceipt } from '../fixtures/payments-kit.js';

/**
 * Two instances of the shop on one PostgreSQL database, as behind nginx: a receipt sent through one
 * is read through the other, because uploads live in the database (docs/decisions/035), not in an
 * instance's own folder.
 */
describe.skipIf(!isPostgresRun)('uploads shared by instances (PostgreSQL)', () => {
  let first: TestContext;
  let second: TestContext;
  let admin: Headers;
  let client: Headers;
  let cardId: string;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({}, { sameDatabaseAs: first });
    admin = await signInAs(first.app, 'admin');
    client = await signInAs(first.app, 'client');
    cardId = (await createCard(first.app, admin)).id;
  }, 180_000);
  afterAll(async () => {
    // The second first: the first drops the database.
    await second?.close();
    await first?.close();
  });

  async function openTransfer() {
    const { orders } = await purchaseWithOrders(first.app, admin, {
      cardId,
      orders: [{ phone: demoPhones.client, lines: goods(150_000) }],
    });
    return (await payOk(first.app, client, [orders[0]!.id], 'transfer')).payments[0]!;
  }

  it('stores files in PostgreSQL by default', () => {
    expect(first.app.storage.kind).toBe('database');
    expect(second.app.storage.kind).toBe('database');
  });

  it('a receipt uploaded through one instance is read through the other', async () => {
    const payment = await openTransfer();
    const { png } = await receiptFiles();
    expect((await uploadReceipt(first.app, client, payment.id, png)).statusCode).toBe(200);
    const read = await call(second.app, endpoints.payments.receiptFile, { params: { id: payment.id }, headers: admin });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(png)).toBe(true);
  });

  it('a large PDF receipt comes back whole through the other instance, streamed with its length', async () => {
    const payment = await openTransfer();
    const pdf = Buffer.concat([(await receiptFiles()).pdf, Buffer.alloc(3 * 1024 * 1024 + 17, 0x20)]);
    expect((await uploadReceipt(second.app, client, payment.id, pdf, 'чек.pdf')).statusCode).toBe(200);
    const read = await call(first.app, endpoints.payments.receiptFile, { params: { id: payment.id }, headers: admin });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-length']).toBe(String(pdf.length));
    expect(read.rawPayload.equals(pdf)).toBe(true);
    // Replaced through the first, the second sees the new one.
    const { jpeg } = await receiptFiles();
    expect((await uploadReceipt(first.app, client, payment.id, jpeg, 'чек.jpg')).statusCode).toBe(200);
    const again = await call(second.app, endpoints.payments.receiptFile, { params: { id: payment.id }, headers: admin });
    expect(again.rawPayload.equals(jpeg)).toBe(true);
  });
});
