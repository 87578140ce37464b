import { endpoints } from '@vmeste/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bonusEntries, orders, parcels } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { createCard, recordCash } from '../fixtures/payments-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import { handOver, markReady, packOk, receiveRestOk } from '../fixtures/warehouse-kit.js';
import { walkTo } from '../fixtures/purchases-kit.js';
import { type Client, deliver, ledgerCheck, manualOk, myBonus, newClient, orderOf, paySandboxWithBonus, putSettings } from './bonus-kit.js';

/**
 * Cashback on the money part of a paid order: on delivery by default (or at payment), at the
 * percent in force when it was paid, the client's own percent before a purchase's exclusion, once
 * per payment item however often it is delivered; and the referrer's share of a friend's order.
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
beforeEach(async () => {
  await putSettings(ctx.app, admin, {});
});

async function creditsOf(userId: string) {
  return ctx.database.db
    .select()
    .from(bonusEntries)
    .where(and(eq(bonusEntries.userId, userId), inArray(bonusEntries.kind, ['accrual', 'referral'])));
}

async function clientWith(kopecks: number): Promise<Client> {
  const client = await newClient(ctx.app);
  if (kopecks > 0) await manualOk(ctx.app, admin, client.phone, kopecks);
  return client;
}

function setCustomPercent(phone: string, percent: number | null) {
  return call(ctx.app, endpoints.bonus.setCustomCashback, { headers: admin, body: { phone, percent } });
}

describe('cashback on delivery (the default)', () => {
  it('is credited when the order is handed over: 3 % of the money part, not of the bonus part', async () => {
    const client = await clientWith(30_000);
    const order = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
    const { payment } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 30_000);
    // Paid, not delivered: nothing yet.
    expect(await creditsOf(client.userId)).toEqual([]);
    await deliver(ctx.app, admin, order.purchase.id, order.id, client.phone);
    const credits = await creditsOf(client.userId);
    expect(credits.map((c) => [c.kind, c.amountKopecks, c.basisPoints, c.orderId, c.paymentId])).toEqual([
      ['accrual', 2_100, 300, order.id, payment.id],
    ]);
    expect(credits[0]!.description).toBe(`Кешбэк 3 % за заказ № ${order.number}`);
    expect((await myBonus(ctx.app, client.headers)).balanceKopecks).toBe(2_100);
  });

  it('a client’s own percent wins over the purchase’s exclusion; an excluded purchase gives nothing', async () => {
    const special = await clientWith(0);
    const plain = await clientWith(0);
    expect((await setCustomPercent(special.phone, 7.5)).statusCode).toBe(200);
    const own = await call(ctx.app, endpoints.bonus.getCustomCashback, { headers: special.headers });
    expect(own.json()).toEqual({ percent: 7.5 });
    expect(await myBonus(ctx.app, special.headers)).toMatchObject({ cashbackPercent: 7.5, isCustomPercent: true });

    const a = await orderOf(ctx.app, admin, special.phone, 10_000, cardId);
    const excluded = await call(ctx.app, endpoints.bonus.setPurchaseExcluded, {
      params: { id: a.purchase.id },
      headers: admin,
      body: { isExcluded: true },
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    await paySandboxWithBonus(ctx.app, ctx, special.headers, [a.id], 0);
    await deliver(ctx.app, admin, a.purchase.id, a.id, special.phone);
    expect((await creditsOf(special.userId)).map((c) => [c.amountKopecks, c.basisPoints])).toEqual([[750, 750]]);

    const b = await orderOf(ctx.app, admin, plain.phone, 10_000, cardId);
    await call(ctx.app, endpoints.bonus.setPurchaseExcluded, { params: { id: b.purchase.id }, headers: admin, body: { isExcluded: true } });
    await paySandboxWithBonus(ctx.app, ctx, plain.headers, [b.id], 0);
    await deliver(ctx.app, admin, b.purchase.id, b.id, plain.phone);
    expect(await creditsOf(plain.userId)).toEqual([]);
    expect((await myBonus(ctx.app, plain.headers)).balanceKopecks).toBe(0);
  });

  it('settings changed after the payment do not change the percent of that order', async () => {
    await putSettings(ctx.app, admin, { defaultPercent: 5 });
    const client = await clientWith(0);
    const order = await orderOf(ctx.app, admin, client.phone, 20_000, cardId);
    await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 0);
    await putSettings(ctx.app, admin, { defaultPercent: 10 });
    await deliver(ctx.app, admin, order.purchase.id, order.id, client.phone);
    expect((await creditsOf(client.userId)).map((c) => [c.amountKopecks, c.basisPoints])).toEqual([[1_000, 500]]);
  });

  it('an order delivered again is credited once', async () => {
    const client = await clientWith(0);
    const order = await orderOf(ctx.app, admin, client.phone, 10_000, cardId);
    await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 0);
    const parcelId = await deliver(ctx.app, admin, order.purchase.id, order.id, client.phone);
    expect((await creditsOf(client.userId)).map((c) => c.amountKopecks)).toEqual([300]);
    // The same hand-over pressed again is refused and credits nothing.
    expect((await handOver(ctx.app, admin, parcelId, client.phone.slice(-4))).statusCode).toBe(409);
    // The parcel put back on the shelf (as a mistaken hand-over is undone in the database) and handed over again:
    // a second «delivered» event for the same order.
    await ctx.database.db.update(parcels).set({ status: 'ready_for_pickup' }).where(eq(parcels.id, parcelId));
    await ctx.database.db.update(orders).set({ fulfilmentStatus: 'ready_for_pickup' }).where(eq(orders.id, order.id));
    const again = await handOver(ctx.app, admin, parcelId, client.phone.slice(-4));
    expect(again.statusCode, again.body).toBe(200);
    expect((await creditsOf(client.userId)).map((c) => c.amountKopecks)).toEqual([300]);
    expect((await myBonus(ctx.app, client.headers)).balanceKopecks).toBe(300);
  });

  it('an order paid in cash at the counter (no cabinet) is credited to its owner on delivery', async () => {
    const client = await clientWith(0);
    const order = await orderOf(ctx.app, admin, client.phone, 50_000, cardId);
    expect((await recordCash(ctx.app, admin, order.id)).statusCode).toBe(201);
    await walkTo(ctx.app, admin, order.purchase.id, 'in_transit');
    await receiveRestOk(ctx.app, admin, order.purchase.id);
    const parcel = await packOk(ctx.app, admin, [order.id]);
    expect((await markReady(ctx.app, admin, parcel.id)).statusCode).toBe(200);
    expect((await handOver(ctx.app, admin, parcel.id, client.phone.slice(-4))).statusCode).toBe(200);
    expect((await creditsOf(client.userId)).map((c) => c.amountKopecks)).toEqual([1_500]);
  });
});

describe('cashback at payment', () => {
  it('creditOn payment credits when the money comes, and delivery later adds nothing', async () => {
    await putSettings(ctx.app, admin, { creditOn: 'payment', defaultPercent: 4 });
    const client = await clientWith(10_000);
    const order = await orderOf(ctx.app, admin, client.phone, 50_000, cardId);
    const { payment } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 10_000);
    expect((await creditsOf(client.userId)).map((c) => [c.amountKopecks, c.paymentId])).toEqual([[1_600, payment.id]]);
    await deliver(ctx.app, admin, order.purchase.id, order.id, client.phone);
    expect((await creditsOf(client.userId)).map((c) => c.amountKopecks)).toEqual([1_600]);
    expect((await myBonus(ctx.app, client.headers)).balanceKopecks).toBe(1_600);
  });

  it('a declined payment credits nothing', async () => {
    await putSettings(ctx.app, admin, { creditOn: 'payment' });
    const client = await clientWith(0);
    const order = await orderOf(ctx.app, admin, client.phone, 50_000, cardId);
    await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 0, 'decline');
    expect(await creditsOf(client.userId)).toEqual([]);
  });
});

describe('referral', () => {
  it('a friend signed up with the referrer’s code brings the referrer the referral percent of the friend’s money', async () => {
    const referrer = await clientWith(0);
    const friend = await newClient(ctx.app, { referer: referrer.referralCode.toLowerCase() });
    await manualOk(ctx.app, admin, friend.phone, 20_000);
    const order = await orderOf(ctx.app, admin, friend.phone, 100_000, cardId);
    await paySandboxWithBonus(ctx.app, ctx, friend.headers, [order.id], 20_000);
    await deliver(ctx.app, admin, order.purchase.id, order.id, friend.phone);
    const referral = await creditsOf(referrer.userId);
    expect(referral.map((c) => [c.kind, c.amountKopecks, c.basisPoints, c.orderId])).toEqual([['referral', 800, 100, null]]);
    expect(referral[0]!.description).toMatch(/^1 % от заказа приглашённого друга: Иван/);
    expect((await creditsOf(friend.userId)).map((c) => [c.kind, c.amountKopecks])).toEqual([['accrual', 2_400]]);
    expect((await myBonus(ctx.app, referrer.headers)).referral).toMatchObject({ friendsCount: 1, earnedKopecks: 800, referralPercent: 1 });
  });

  it('no code, no referral', async () => {
    const client = await clientWith(0);
    const order = await orderOf(ctx.app, admin, client.phone, 10_000, cardId);
    await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 0);
    await deliver(ctx.app, admin, order.purchase.id, order.id, client.phone);
    const rows = await ctx.database.db.select().from(bonusEntries).where(eq(bonusEntries.kind, 'referral'));
    expect(rows.filter((r) => r.paymentItemId && r.description.includes(client.phone))).toEqual([]);
  });

  it('the ledger check stays clean', async () => {
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });
});
