import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { jobs } from '../../src/tables.js';
import { nextMoscowTime, parseMoscowTime } from '../../src/jobs/daily-time.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';

/**
 * The pickup points are reloaded at night by Moscow clocks (03:00 by default, BOXBERRY_POINTS_SYNC_AT),
 * not every 24 hours from whenever the instance happened to start.
 */

const moscowClock = (moment: Date) => new Date(moment.getTime() + 3 * 60 * 60_000).toISOString().slice(11, 16);

describe('the Moscow time of a daily job', () => {
  it('is today’s when it has not come yet, tomorrow’s once it has', () => {
    const three = { hour: 3, minute: 0 };
    // 23:10 UTC on the 1st is 02:10 in Moscow on the 2nd: 03:00 Moscow is in 50 minutes.
    expect(nextMoscowTime(three, new Date('2026-03-01T23:10:00Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    // 12:00 UTC is 15:00 in Moscow: the next 03:00 is the next night.
    expect(nextMoscowTime(three, new Date('2026-03-02T12:00:00Z')).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    // Exactly at 03:00 the turn is the next day's.
    expect(nextMoscowTime(three, new Date('2026-03-03T00:00:00Z')).toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });

  it('is read from BOXBERRY_POINTS_SYNC_AT, 03:00 by default, and a wrong one is refused', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).delivery.pointsSyncAt).toEqual({ hour: 3, minute: 0 });
    expect(loadConfig({ NODE_ENV: 'development', BOXBERRY_POINTS_SYNC_AT: '4:30' }).delivery.pointsSyncAt).toEqual({ hour: 4, minute: 30 });
    expect(() => loadConfig({ NODE_ENV: 'development', BOXBERRY_POINTS_SYNC_AT: '25:00' })).toThrow(/BOXBERRY_POINTS_SYNC_AT/);
    expect(parseMoscowTime('03:60')).toBeNull();
  });
});

describe('the points sync job', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ BOXBERRY_POINTS_SYNC_AT: '03:15' });
  });
  afterAll(() => ctx.close());

  it('after a turn, waits for the next 03:15 by Moscow clocks, not 24 hours from now', async () => {
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.makeDue('delivery.points-sync');
    const before = new Date();
    expect(await ctx.app.jobs.runDue()).toContain('delivery.points-sync');
    const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.name, 'delivery.points-sync'));
    const next = new Date(row!.nextRunAt);
    expect(moscowClock(next)).toBe('03:15');
    expect(next.getTime()).toBeGreaterThan(before.getTime());
    expect(next.getTime() - before.getTime()).toBeLessThanOrEqual(24 * 60 * 60_000);
  });
});
