import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client.js';
import { AppError, messages } from './app-error.js';
import type { RequestMeta } from './request-meta.js';

export type RateLimit = { limit: number; windowSeconds: number };
export type AttemptLimits = { perIp: number; perPhone: number; windowSeconds: number };

/** Adds one hit to `key` in its fixed window (a window that has ended starts anew) and answers the count. */
async function addHit(db: DbOrTx, key: string, windowSeconds: number): Promise<{ hits: number; secondsLeft: number }> {
  const window = `${windowSeconds} seconds`;
  const result = await db.execute(sql`
    insert into rate_limits (key, window_started_at, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_started_at <= now() - ${window}::interval then 1 else rate_limits.hits + 1 end,
      window_started_at = case when rate_limits.window_started_at <= now() - ${window}::interval then now() else rate_limits.window_started_at end
    returning hits, ceil(extract(epoch from (window_started_at + ${window}::interval - now())))::int as seconds_left`);
  const [row] = rowsOf<{ hits: number; seconds_left: number }>(result);
  return { hits: Number(row?.hits ?? 0), secondsLeft: Number(row?.seconds_left ?? windowSeconds) };
}

export function tooManyRequests(secondsLeft: number): AppError {
  const seconds = Math.max(1, secondsLeft);
  return new AppError('TOO_MANY_REQUESTS', messages.tooManyRequests(seconds), { headers: { 'retry-after': String(seconds) } });
}

/**
 * Counts a hit for `key` in a fixed window and throws 429 (with the seconds left) past the limit.
 * The counter lives in the database (table `rate_limits`, see rate-limits.schema.ts), so several app
 * instances share one budget. The hit is counted before the attempt it guards, so simultaneous
 * attempts cannot all slip in under the limit; `refundHit` gives it back when the attempt must not count.
 */
export async function hitRateLimit(db: DbOrTx, key: string, rule: RateLimit): Promise<void> {
  const { hits, secondsLeft } = await addHit(db, key, rule.windowSeconds);
  if (hits > rule.limit) throw tooManyRequests(secondsLeft);
}

/** Counts a hit that limits nothing by itself (a failure another check reads with `hitsOf`). */
export async function countHit(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  return (await addHit(db, key, windowSeconds)).hits;
}

/** The hits of `key` in its current window (0 once the window has ended). */
export async function hitsOf(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    select hits from rate_limits where key = ${key} and window_started_at > now() - ${`${windowSeconds} seconds`}::interval`);
  return Number(rowsOf<{ hits: number }>(result)[0]?.hits ?? 0);
}

/** Gives back a hit counted before an attempt that turned out not to count (a right password). */
export async function refundHit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
}

/** Forgets every hit of `key` (the pair's failures once the right password came). */
export async function clearHits(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

export type SlowDown = { windowSeconds: number; maxDelaySeconds: number };

/**
 * Lets one attempt through per growing delay: after the n-th attempt let through, the next waits
 * 2^(n-1) seconds (1, 2, 4 … up to `maxDelaySeconds`), so a flood slows to a trickle but nobody is
 * locked out for a whole window. The slot is claimed in one statement (the row's lock orders
 * simultaneous claims), so of several attempts at an open slot exactly one goes through; the others
 * get 429 with the seconds until the next slot. The row's window_started_at is the last claim and
 * its hits the claims so far; a claim older than the window starts the schedule over.
 */
export async function claimSlowedAttempt(db: DbOrTx, key: string, rule: SlowDown): Promise<void> {
  const window = `${rule.windowSeconds} seconds`;
  const delayAfter = (hits: ReturnType<typeof sql>) =>
    sql`make_interval(secs => least(${rule.maxDelaySeconds}::float8, power(2::float8, ${hits} - 1)))`;
  const isStale = sql`rate_limits.window_started_at <= now() - ${window}::interval`;
  const isOpen = sql`rate_limits.window_started_at + ${delayAfter(sql`rate_limits.hits`)} <= now()`;
  const result = await db.execute(sql`
    insert into rate_limits (key, window_started_at, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when ${isStale} then 1 when ${isOpen} then rate_limits.hits + 1 else rate_limits.hits end,
      window_started_at = case when ${isStale} or ${isOpen} then now() else rate_limits.window_started_at end
    returning window_started_at = now() as claimed,
      ceil(extract(epoch from (window_started_at + ${delayAfter(sql`hits`)} - now())))::int as seconds_left`);
  const [row] = rowsOf<{ claimed: boolean; seconds_left: number }>(result);
  if (row && !row.claimed) throw tooManyRequests(Number(row.seconds_left));
}

/**
 * The pair every phone-based action is limited by: one budget per address (someone trying many
 * phones) and one per phone (many addresses trying one phone). `phoneFactor` widens the phone budget
 * where a person legitimately needs more tries, such as typing an SMS code.
 */
export async function hitAttemptLimits(
  db: DbOrTx,
  action: string,
  who: { meta: RequestMeta; phone: string },
  limits: AttemptLimits,
  options: { phoneFactor?: number } = {},
): Promise<void> {
  await hitRateLimit(db, `${action}:ip:${who.meta.ip}`, { limit: limits.perIp, windowSeconds: limits.windowSeconds });
  await hitRateLimit(db, `${action}:phone:${who.phone}`, {
    limit: limits.perPhone * (options.phoneFactor ?? 1),
    windowSeconds: limits.windowSeconds,
  });
}

/** Counters whose window ended long ago count for nothing; every window in use is far shorter than a day. */
export async function deleteStaleRateLimits(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_started_at < now() - interval '1 day'`);
}
