import { type AdminPayment, endpoints, type Payment, type PaymentPage } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../../src/seed/demo-accounts.js';
import { seedDemoPurchases } from '../../src/seed/demo-purchases.js';
import { signInWith } from '../fixtures/accounts-kit.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';

/**
 * The demo looks like real use: a demo client whose order was paid by transfer paid it from the
 * cabinet, so the payment is in the client's own «Мои оплаты» (issue 26, item 13); a phone without an
 * account paid by the order's link.
 */

let ctx: TestContext;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoPurchases(ctx.app.areas);
  admin = await signInAs(ctx.app, 'admin');
}, 120_000);
afterAll(() => ctx.close());

async function allPayments(): Promise<AdminPayment[]> {
  const res = await call(ctx.app, endpoints.payments.list, { query: { pageSize: '100' }, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentPage>().items;
}

const clients = demoAccounts.filter((a) => a.role === 'client' && a.isConfirmedAccount);

describe('demo payments', () => {
  it('each demo client sees every demo payment of their phone in «Мои оплаты»', async () => {
    const payments = await allPayments();
    let seen = 0;
    for (const client of clients) {
      const headers = await signInWith(ctx.app, client.phone, DEMO_PASSWORD);
      const res = await call(ctx.app, endpoints.payments.listMine, { headers });
      expect(res.statusCode, res.body).toBe(200);
      const theirs = payments.filter((p) => p.payer.phone === client.phone);
      expect(
        res
          .json<Payment[]>()
          .map((p) => p.id)
          .sort(),
        client.phone,
      ).toEqual(theirs.map((p) => p.id).sort());
      seen += theirs.length;
    }
    // The demo has confirmed transfers of three clients with accounts and one receipt waiting for the check.
    expect(seen).toBeGreaterThanOrEqual(4);
    expect(payments.some((p) => p.status === 'awaiting_check' && clients.some((c) => c.phone === p.payer.phone))).toBe(true);
  });

  it('a phone without an account paid by the order link: the payment has no account', async () => {
    const payments = await allPayments();
    const withoutAccount = payments.filter((p) => !demoAccounts.some((a) => a.phone === p.payer.phone));
    expect(withoutAccount.length).toBeGreaterThan(0);
  });
});
