import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusEntries } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import type { Headers } from '../fixtures/requests.js';
import { messagesTo } from '../fixtures/warehouse-kit.js';
import { type Client, balanceOf, entriesOf, ledgerCheck, manualOk, myBonus, newClient, putSettings } from './bonus-kit.js';

/**
 * Expiry: bonuses older than their lifetime expire first in, first out (what was spent counts
 * against the oldest credits), the client is warned a week ahead once, and a second run finds
 * nothing more to do. A credit lives as long as the settings in force when it was credited say:
 * turning expiry on never reaches back.
 */

let ctx: TestContext;
let admin: Headers;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

/** A manual credit dated `daysAgo` days back. */
async function creditAged(client: Client, kopecks: number, daysAgo: number) {
  const entry = await manualOk(ctx.app, admin, client.phone, kopecks, `Начисление ${daysAgo} дн. назад`);
  await ctx.database.db
    .update(bonusEntries)
    .set({ createdAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(bonusEntries.id, entry.id));
  return entry;
}

/** Expiry on, as if saved `daysAgo` days back: credits dated after it live `days` days. */
async function expiryOnSince(days: number | null, daysAgo: number) {
  await putSettings(ctx.app, admin, { expiryDays: days });
  await ctx.database.db.execute(
    sql`update bonus_settings set created_at = now() - make_interval(days => ${daysAgo}) where id = (select max(id) from bonus_settings)`,
  );
}

const expiryRows = async (client: Client) => (await entriesOf(ctx, client.userId)).filter((r) => r.kind === 'expiry');

describe('expiry', () => {
  it('does nothing while bonuses never expire', async () => {
    const client = await newClient(ctx.app);
    await creditAged(client, 10_000, 400);
    expect(await ctx.app.areas.bonus.expiry.warn()).toBe(0);
    expect(await ctx.app.areas.bonus.expiry.expire()).toBe(0);
    expect(await balanceOf(ctx.app, client.headers)).toBe(10_000);
    // Clean up: this client's old credit would expire in the tests below.
    await manualOk(ctx.app, admin, client.phone, -10_000);
  });

  it('expires first in, first out: what was spent counts against the oldest credits', async () => {
    await expiryOnSince(30, 100);
    const client = await newClient(ctx.app);
    await creditAged(client, 10_000, 40);
    await creditAged(client, 5_000, 35);
    await creditAged(client, 20_000, 1);
    await manualOk(ctx.app, admin, client.phone, -12_000, 'Потрачено');
    // Of 10 000 + 5 000 old, 12 000 were spent: 3 000 of the second credit are left to expire.
    expect((await myBonus(ctx.app, client.headers)).expiring).toMatchObject({ amountKopecks: 3_000 });

    const expired = await ctx.app.areas.bonus.expiry.expire();
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await expiryRows(client)).map((r) => [r.amountKopecks, r.writtenOffKopecks])).toEqual([[-3_000, 0]]);
    expect((await expiryRows(client))[0]!.description).toMatch(/^Сгорели бонусы, начисленные \d\d\.\d\d\.\d{4}: срок их жизни истёк$/);
    expect(await balanceOf(ctx.app, client.headers)).toBe(20_000);

    // Again: nothing more.
    await ctx.app.areas.bonus.expiry.expire();
    expect(await expiryRows(client)).toHaveLength(1);
    expect(await balanceOf(ctx.app, client.headers)).toBe(20_000);
    expect((await myBonus(ctx.app, client.headers)).expiring).toMatchObject({ amountKopecks: 20_000 });
  });

  it('spent in full: nothing expires', async () => {
    const client = await newClient(ctx.app);
    await creditAged(client, 7_000, 60);
    await creditAged(client, 3_000, 2);
    await manualOk(ctx.app, admin, client.phone, -7_000);
    await ctx.app.areas.bonus.expiry.expire();
    expect(await expiryRows(client)).toEqual([]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(3_000);
  });

  it('warns a week ahead once, by a bonus_expiring message; the second run sends and expires nothing', async () => {
    const client = await newClient(ctx.app);
    await creditAged(client, 4_200, 25);
    await creditAged(client, 1_000, 10);
    const firstWarn = await ctx.app.areas.bonus.expiry.warn();
    expect(firstWarn).toBeGreaterThanOrEqual(1);
    const messages = await messagesTo(ctx, client.phone, 'bonus_expiring');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^Вместе: 42,00\s₽ бонусов сгорят \d\d\.\d\d\.\d{4}\. Оплатите ими заказ до этого дня\.$/);
    // Not yet expired: 25 days of 30.
    await ctx.app.areas.bonus.expiry.expire();
    expect(await expiryRows(client)).toEqual([]);

    expect(await ctx.app.areas.bonus.expiry.warn()).toBe(0);
    expect(await messagesTo(ctx, client.phone, 'bonus_expiring')).toHaveLength(1);
    expect(await balanceOf(ctx.app, client.headers)).toBe(5_200);

    // Six days later it expires, and the job's run (expire, then warn) warns nobody twice.
    const later = new Date(Date.now() + 6 * DAY);
    await ctx.app.areas.bonus.expiry.expire(later);
    await ctx.app.areas.bonus.expiry.warn(later);
    expect((await expiryRows(client)).map((r) => r.amountKopecks)).toEqual([-4_200]);
    expect(await ctx.app.areas.bonus.expiry.expire(later)).toBe(0);
    expect(await balanceOf(ctx.app, client.headers)).toBe(1_000);
    expect(await messagesTo(ctx, client.phone, 'bonus_expiring')).toHaveLength(1);
  });

  it('the background job does the same; a credit already past its lifetime expires without a warning dated in the past', async () => {
    const client = await newClient(ctx.app);
    await creditAged(client, 1_500, 31);
    await creditAged(client, 700, 26);
    await ctx.app.jobs.makeDue('bonus.expiry');
    expect(await ctx.app.jobs.runDue()).toContain('bonus.expiry');
    expect((await expiryRows(client)).map((r) => r.amountKopecks)).toEqual([-1_500]);
    const messages = await messagesTo(ctx, client.phone, 'bonus_expiring');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^Вместе: 7,00\s₽ бонусов сгорят/);
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });
  it('turning expiry on reaches nothing credited before: those bonuses never expire and nobody is warned of them', async () => {
    // Bonuses did not expire for the last 60 days.
    await expiryOnSince(null, 60);
    const client = await newClient(ctx.app);
    await creditAged(client, 10_000, 30);
    await creditAged(client, 2_500, 3);
    await expiryOnSince(7, 0);
    expect((await myBonus(ctx.app, client.headers)).expiring).toBeNull();
    await ctx.app.areas.bonus.expiry.warn();
    expect(await messagesTo(ctx, client.phone, 'bonus_expiring')).toEqual([]);
    const muchLater = new Date(Date.now() + 400 * DAY);
    await ctx.app.areas.bonus.expiry.expire(muchLater);
    expect(await expiryRows(client)).toEqual([]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(12_500);
  });

  it('what is credited after the change lives its days; a spend uses the bonuses that end soonest first', async () => {
    await expiryOnSince(null, 60);
    const client = await newClient(ctx.app);
    await creditAged(client, 10_000, 30);
    await expiryOnSince(7, 0);
    await manualOk(ctx.app, admin, client.phone, 5_000, 'После включения');
    await manualOk(ctx.app, admin, client.phone, -2_000, 'Потрачено');
    // Of the 5 000 that end in a week, 2 000 were spent; the 10 000 credited before never end.
    const expiring = (await myBonus(ctx.app, client.headers)).expiring;
    expect(expiring).toMatchObject({ amountKopecks: 3_000 });
    expect(new Date(expiring!.at).getTime()).toBeGreaterThan(Date.now() + 6 * DAY);

    await ctx.app.areas.bonus.expiry.warn();
    const warnings = await messagesTo(ctx, client.phone, 'bonus_expiring');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Вместе: 30,00\s₽ бонусов сгорят/);

    const later = new Date(Date.now() + 8 * DAY);
    await ctx.app.areas.bonus.expiry.expire(later);
    expect((await expiryRows(client)).map((r) => r.amountKopecks)).toEqual([-3_000]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(10_000);
    // The expiry row used up what it expired: nothing more ends, however late.
    await ctx.app.areas.bonus.expiry.expire(new Date(Date.now() + 400 * DAY));
    expect(await expiryRows(client)).toHaveLength(1);
    expect((await myBonus(ctx.app, client.headers)).expiring).toBeNull();
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
    await putSettings(ctx.app, admin, {});
  });
});
