import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRefunds } from '../../src/tables.js';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { createCard, goods, orderByLink, purchaseWithOrders, sandboxDecide, sandboxIdOf } from '../fixtures/payments-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import {
  type Client,
  balanceOf,
  entriesOf,
  ledgerCheck,
  manualOk,
  newClient,
  orderOf,
  paySandboxWithBonus,
  payWithBonusOk,
  putSettings,
  refund,
  sandboxRow,
} from './bonus-kit.js';

/**
 * Refunds and bonuses: a money refund takes back the cashback of the money refunded and gives the
 * bonus part back to bonuses; a refund to bonuses credits all of it without the provider; a
 * reversal the balance cannot cover leaves a debt.
 */

let ctx: TestContext;
let admin: Headers;
let cardId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  cardId = (await createCard(ctx.app, admin)).id;
  // Cashback at payment, so each refund below has a credit to reverse.
  await putSettings(ctx.app, admin, { creditOn: 'payment', spendCapPercent: 100 });
});
afterAll(() => ctx.close());

async function clientWith(kopecks: number): Promise<Client> {
  const client = await newClient(ctx.app);
  if (kopecks > 0) await manualOk(ctx.app, admin, client.phone, kopecks);
  return client;
}

/**
 * A client's rows oldest first; rows of one transaction share its time (on PostgreSQL, now() is the
 * transaction's start), so among them the larger amount comes first.
 */
async function ledgerOf(client: Client) {
  return (await entriesOf(ctx, client.userId)).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || b.amountKopecks - a.amountKopecks,
  );
}

async function rowsOfPayment(client: Client, paymentId: string) {
  return (await ledgerOf(client)).filter((r) => r.paymentId === paymentId).map((r) => [r.kind, r.amountKopecks, r.writtenOffKopecks]);
}

async function twoOrdersOf(client: Client, first: number, second: number) {
  const a = await orderOf(ctx.app, admin, client.phone, first, cardId);
  const b = (await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: client.phone, lines: goods(second) }] })).orders[0]!;
  return [a, b] as const;
}

describe('refund to money', () => {
  it('of one order: its cashback goes back, the other order’s stays; the bonus part returns to bonuses', async () => {
    const client = await clientWith(30_000);
    const [a, b] = await twoOrdersOf(client, 40_000, 60_000);
    // 30 000 of bonuses over 100 000: 12 000 on a, 18 000 on b; cashback 3 % of 28 000 and of 42 000.
    const { payment, sandboxId } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [a.id, b.id], 30_000);
    expect(payment.items.map((i) => [i.orderId, i.bonusKopecks])).toEqual([
      [a.id, 12_000],
      [b.id, 18_000],
    ]);
    expect(await rowsOfPayment(client, payment.id)).toEqual([
      ['spend', -30_000, 0],
      ['accrual', 1_260, 0],
      ['accrual', 840, 0],
    ]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(2_100);

    const res = await refund(ctx.app, admin, payment.id, { orderId: a.id });
    expect(res.statusCode, res.body).toBe(200);
    // The provider gives back the money part only.
    expect((await sandboxRow(ctx, sandboxId)).refundedKopecks).toBe(28_000);
    const [row] = await ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(row).toMatchObject({ amountKopecks: 40_000, moneyPartKopecks: 28_000, destination: 'money' });
    const rows = await ledgerOf(client);
    const reversal = rows.filter((r) => r.kind === 'reversal');
    expect(reversal.map((r) => [r.amountKopecks, r.writtenOffKopecks, r.orderId])).toEqual([
      [12_000, 0, a.id],
      [-840, 0, a.id],
    ]);
    expect(reversal[1]!.reversesId).toBe(rows.find((r) => r.kind === 'accrual' && r.orderId === a.id)!.id);
    expect(await balanceOf(ctx.app, client.headers)).toBe(2_100 + 12_000 - 840);
    expect(await orderByLink(ctx.app, a.id)).toMatchObject({ paidKopecks: 0, dueKopecks: 40_000 });

    // The rest: b's cashback and bonus part.
    expect((await refund(ctx.app, admin, payment.id)).statusCode).toBe(200);
    expect((await sandboxRow(ctx, sandboxId)).refundedKopecks).toBe(70_000);
    expect(await balanceOf(ctx.app, client.headers)).toBe(30_000);
    // Nothing more to refund; nothing more reversed.
    expectError(await refund(ctx.app, admin, payment.id), 409);
    expect(await balanceOf(ctx.app, client.headers)).toBe(30_000);
  });

  it('of a payment covered by bonuses in full: all of it back to bonuses, no comment needed, no provider', async () => {
    const client = await clientWith(10_000);
    const order = await orderOf(ctx.app, admin, client.phone, 10_000, cardId);
    const paid = await payWithBonusOk(ctx.app, client.headers, [order.id], 10_000);
    const id = paid.payments[0]!.id;
    expect(paid.payments[0]).toMatchObject({ method: 'bonus', status: 'succeeded' });
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);
    const res = await refund(ctx.app, admin, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOfPayment(client, id)).toEqual([
      ['spend', -10_000, 0],
      ['reversal', 10_000, 0],
    ]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(10_000);
  });
});

describe('refund to bonuses', () => {
  it('credits the whole amount as a refund entry and asks the provider for nothing', async () => {
    const client = await clientWith(20_000);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
    const { payment, sandboxId } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 20_000);
    expect(await balanceOf(ctx.app, client.headers)).toBe(2_400);
    const res = await refund(ctx.app, admin, payment.id, { to: 'bonus' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sandboxRow(ctx, sandboxId)).refundedKopecks).toBe(0);
    expect(await rowsOfPayment(client, payment.id)).toEqual([
      ['spend', -20_000, 0],
      ['accrual', 2_400, 0],
      ['refund', 100_000, 0],
      ['reversal', -2_400, 0],
    ]);
    const entry = (await entriesOf(ctx, client.userId)).find((r) => r.kind === 'refund')!;
    expect(entry.description).toBe(`Возврат по заказу № ${order.number} на бонусный счёт`);
    expect(await balanceOf(ctx.app, client.headers)).toBe(100_000);
    const [row] = await ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(row).toMatchObject({ destination: 'bonus', providerRefundId: null, amountKopecks: 100_000 });
    expectError(await refund(ctx.app, admin, payment.id, { to: 'coupon' }), 400, { field: 'to' });
  });
});

describe('a reversal the balance cannot cover (docs/decisions/023)', () => {
  it('takes all of the cashback: what was spent of it becomes a debt', async () => {
    const client = await clientWith(0);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
    const { payment } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 0);
    expect(await balanceOf(ctx.app, client.headers)).toBe(3_000);
    // The client spends most of the cashback.
    const next = await orderOf(ctx.app, admin, client.phone, 10_000, cardId);
    await paySandboxWithBonus(ctx.app, ctx, client.headers, [next.id], 2_000);
    expect(await balanceOf(ctx.app, client.headers)).toBe(1_000 + 240);

    expect((await refund(ctx.app, admin, payment.id)).statusCode).toBe(200);
    const reversal = (await entriesOf(ctx, client.userId)).filter((r) => r.kind === 'reversal' && r.paymentId === payment.id);
    expect(reversal.map((r) => [r.amountKopecks, r.writtenOffKopecks])).toEqual([[-3_000, 0]]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(1_240 - 3_000);
  });

  it('with nothing on the account: all of it taken, the balance owes it', async () => {
    const client = await clientWith(0);
    const order = await orderOf(ctx.app, admin, client.phone, 10_000, cardId);
    const { payment } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 0);
    await manualOk(ctx.app, admin, client.phone, -300);
    expect((await refund(ctx.app, admin, payment.id)).statusCode).toBe(200);
    const reversal = (await entriesOf(ctx, client.userId)).filter((r) => r.kind === 'reversal');
    expect(reversal.map((r) => [r.amountKopecks, r.writtenOffKopecks])).toEqual([[-300, 0]]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(-300);
  });

  it('money that came after the payment was canceled, its bonuses spent meanwhile: they are not taken again, the order stays due by them, and a refund gives back no bonuses', async () => {
    const client = await clientWith(20_000);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
    const created = await payWithBonusOk(ctx.app, client.headers, [order.id], 20_000);
    const id = created.payments[0]!.id;
    expect((await call(ctx.app, endpoints.payments.cancel, { params: { id }, headers: admin, body: {} })).statusCode).toBe(200);
    expect(await balanceOf(ctx.app, client.headers)).toBe(20_000);
    // The client spends the returned bonuses elsewhere.
    await manualOk(ctx.app, admin, client.phone, -20_000);
    // Then the money of the canceled payment comes after all: it is applied, its bonuses cannot be
    // taken again (0 left), so they pay nothing and the order still owes them (docs/decisions/025).
    const late = await sandboxDecide(ctx.app, sandboxIdOf(created), 'pay');
    expect(late.statusCode, late.body).toBe(200);
    const paid = await call(ctx.app, endpoints.payments.get, { params: { id } });
    expect(paid.json()).toMatchObject({ status: 'succeeded', amountKopecks: 80_000, bonusKopecks: 0 });
    const again = (await ledgerOf(client)).filter((r) => r.paymentId === id && r.kind === 'spend');
    expect(again.map((r) => [r.amountKopecks, r.writtenOffKopecks])).toEqual([[-20_000, 0]]);
    // Refunding the payment must not hand out bonuses the client never paid with this time.
    const balanceBefore = await balanceOf(ctx.app, client.headers);
    expect((await refund(ctx.app, admin, id)).statusCode).toBe(200);
    // Only the cashback of the 80 000 ₽ that came goes back (3 %); no bonuses come in.
    expect(await balanceOf(ctx.app, client.headers)).toBe(balanceBefore - 2_400);
  });

  it('the ledger check stays clean', async () => {
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });
});
