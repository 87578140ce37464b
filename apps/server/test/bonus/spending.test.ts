import { endpoints } from '@vmeste/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusEntries, payments, sandboxPayments } from '../../src/tables.js';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { adminAction, adminActionOk, createCard, orderByLink } from '../fixtures/payments-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import {
  type Client,
  balanceOf,
  entriesOf,
  getPaymentOf,
  ledgerCheck,
  manualOk,
  newClient,
  orderOf,
  paySandboxWithBonus,
  payWithBonus,
  payWithBonusOk,
  putSettings,
  sandboxRow,
} from './bonus-kit.js';
import { sandboxIdOf } from '../fixtures/payments-kit.js';

/**
 * Bonuses as part of a payment: taken when the payment is written (within the cap and the balance),
 * the provider asked for the money part only, a payment covered in full succeeds at once, and the
 * bonuses come back once when a payment ends without money.
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

async function clientWith(kopecks: number): Promise<Client> {
  const client = await newClient(ctx.app);
  if (kopecks > 0) await manualOk(ctx.app, admin, client.phone, kopecks);
  return client;
}

async function spendRows(userId: string) {
  return ctx.database.db
    .select()
    .from(bonusEntries)
    .where(and(eq(bonusEntries.userId, userId), eq(bonusEntries.kind, 'spend')));
}

describe('paying with bonuses', () => {
  it('within the cap: the payment carries the bonus part, the sandbox is asked for the money only, the ledger has the spend', async () => {
    const client = await clientWith(50_000);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
    const { payment, sandbox } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 30_000);
    expect(payment).toMatchObject({ method: 'card', status: 'succeeded', amountKopecks: 100_000, bonusKopecks: 30_000 });
    expect(payment.items.map((i) => [i.orderId, i.amountKopecks, i.bonusKopecks])).toEqual([[order.id, 100_000, 30_000]]);
    expect(sandbox.amountKopecks).toBe(70_000);
    expect(sandbox.status).toBe('succeeded');
    const spend = await spendRows(client.userId);
    expect(spend.map((r) => [r.amountKopecks, r.paymentId, r.paymentNumber])).toEqual([[-30_000, payment.id, payment.number]]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(20_000);
    const after = await orderByLink(ctx.app, order.id);
    expect(after).toMatchObject({ paidKopecks: 100_000, dueKopecks: 0 });
  });

  it('the bonuses are taken when the payment is written, before the money comes', async () => {
    const client = await clientWith(10_000);
    const order = await orderOf(ctx.app, admin, client.phone, 40_000, cardId);
    const result = await payWithBonusOk(ctx.app, client.headers, [order.id], 10_000);
    expect(result.payments[0]).toMatchObject({ status: 'pending', bonusKopecks: 10_000 });
    expect((await sandboxRow(ctx, sandboxIdOf(result))).amountKopecks).toBe(30_000);
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);
  });

  it('over the cap is 400 on bonusKopecks; nothing is written', async () => {
    const client = await clientWith(50_000);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
    expectError(await payWithBonus(ctx.app, client.headers, [order.id], 30_001), 400, {
      field: 'bonusKopecks',
      message: /^Бонусами можно оплатить не больше 30 % суммы — 300,00/,
    });
    expect(await spendRows(client.userId)).toEqual([]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(50_000);
    // The order is still payable: nothing half-made stays.
    await payWithBonusOk(ctx.app, client.headers, [order.id], 30_000);
  });

  it('beyond the balance is 409; more than the sum is 400; a partial transfer is 409; a negative number is 400', async () => {
    const client = await clientWith(5_000);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
    expectError(await payWithBonus(ctx.app, client.headers, [order.id], 5_001), 409, { message: /^На бонусном счёте 50,00/ });
    expectError(await payWithBonus(ctx.app, client.headers, [order.id], 100_001), 400, {
      field: 'bonusKopecks',
      message: /^Бонусов больше, чем сумма к оплате/,
    });
    expectError(await payWithBonus(ctx.app, client.headers, [order.id], 1_000, 'transfer'), 409, {
      field: 'bonusKopecks',
      message: 'Если часть суммы оплачивается бонусами, остаток — только картой онлайн или через СБП',
    });
    expectError(await payWithBonus(ctx.app, client.headers, [order.id], -1), 400, { field: 'bonusKopecks' });
    expect(await spendRows(client.userId)).toEqual([]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(5_000);
    const res = await call(ctx.app, endpoints.payments.listMine, { headers: client.headers });
    expect(res.json<unknown[]>()).toEqual([]);
  });

  it('covered in full (cap 100 %): method bonus, succeeded at once, order paid, no provider', async () => {
    await putSettings(ctx.app, admin, { spendCapPercent: 100 });
    try {
      const client = await clientWith(25_000);
      const order = await orderOf(ctx.app, admin, client.phone, 25_000, cardId);
      const sandboxBefore = (await ctx.database.db.select().from(sandboxPayments)).length;
      const res = await payWithBonus(ctx.app, client.headers, [order.id], 25_000);
      expect(res.statusCode, res.body).toBe(201);
      const result = res.json<{ payments: { id: string; method: string; status: string }[]; redirectUrl: string | null }>();
      expect(result.redirectUrl).toBeNull();
      expect(result.payments[0]).toMatchObject({ method: 'bonus', status: 'succeeded' });
      const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, result.payments[0]!.id));
      expect(row).toMatchObject({ provider: null, providerPaymentId: null, bonusKopecks: 25_000 });
      expect(await ctx.database.db.select().from(sandboxPayments)).toHaveLength(sandboxBefore);
      expect(await orderByLink(ctx.app, order.id)).toMatchObject({ paidKopecks: 25_000, dueKopecks: 0 });
      expect(await balanceOf(ctx.app, client.headers)).toBe(0);
      // A partial transfer is refused even with a cap of 100 %, but a transfer covered in full is a bonus payment.
      const other = await orderOf(ctx.app, admin, client.phone, 1_000, cardId);
      await manualOk(ctx.app, admin, client.phone, 1_000);
      const byTransfer = await payWithBonusOk(ctx.app, client.headers, [other.id], 1_000, 'transfer');
      expect(byTransfer.payments[0]).toMatchObject({ method: 'bonus', status: 'succeeded' });
    } finally {
      await putSettings(ctx.app, admin, {});
    }
  });
});

describe('bonuses come back when the payment ends without money', () => {
  async function expectReturnedOnce(client: Client, paymentId: string, balance: number) {
    expect(await balanceOf(ctx.app, client.headers)).toBe(balance);
    const rows = (await entriesOf(ctx, client.userId)).filter((r) => r.paymentId === paymentId);
    expect(rows.map((r) => [r.kind, r.amountKopecks])).toEqual([
      ['spend', -20_000],
      ['reversal', 20_000],
    ]);
    expect(rows[1]!.reversesId).toBe(rows[0]!.id);
  }

  it('declined in the sandbox', async () => {
    const client = await clientWith(20_000);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
    const { payment } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 20_000, 'decline');
    expect(payment.status).toBe('canceled');
    await expectReturnedOnce(client, payment.id, 20_000);
  });

  it('abandoned by the client', async () => {
    const client = await clientWith(20_000);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
    const created = await payWithBonusOk(ctx.app, client.headers, [order.id], 20_000);
    const id = created.payments[0]!.id;
    const res = await call(ctx.app, endpoints.payments.abandon, { params: { id }, headers: client.headers });
    expect(res.statusCode, res.body).toBe(200);
    await call(ctx.app, endpoints.payments.abandon, { params: { id }, headers: client.headers });
    expect((await getPaymentOf(ctx.app, id)).status).toBe('canceled');
    await expectReturnedOnce(client, id, 20_000);
  });

  it('canceled by the admin; a second cancel returns nothing more', async () => {
    const client = await clientWith(20_000);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
    const created = await payWithBonusOk(ctx.app, client.headers, [order.id], 20_000);
    const id = created.payments[0]!.id;
    await adminActionOk(ctx.app, admin, id, 'cancel', { reason: 'Клиент передумал' });
    expectError(await adminAction(ctx.app, admin, id, 'cancel', {}), 409);
    await expectReturnedOnce(client, id, 20_000);
    // The sandbox page pressed afterwards does not take the bonuses again nor give them twice.
    await call(ctx.app, endpoints.payments.sandboxDecide, { params: { id: sandboxIdOf(created) }, body: { decision: 'decline' } });
    expect(await balanceOf(ctx.app, client.headers)).toBe(20_000);
  });

  it('the ledger check stays clean', async () => {
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });
});
