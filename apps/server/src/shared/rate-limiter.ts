import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client.js';
import { AppError, messages } from './app-error.js';
import type { RequestMeta } from './request-meta.js';

export type RateLimit = { limit: number; windowSeconds: number };
export type AttemptLimits = { perIp: number; perPhone: number; windowSeconds: number };

/**
 * Counts a hit for `key` in a fixed window and throws 429 (with the seconds left) past the limit.
 * The counter lives in the database (table `rate_limits`, see rate-limits.schema.ts), so several app
 * instances share one budget.
 */
export async function hitRateLimit(db: DbOrTx, key: string, rule: RateLimit): Promise<void> {
  const window = `${rule.windowSeconds} seconds`;
  const result = await db.execute(sql`
    insert into rate_limits (key, window_started_at, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_started_at <= now() - ${window}::interval then 1 else rate_limits.hits + 1 end,
      window_started_at = case when rate_limits.window_started_at <= now() - ${window}::interval then now() else rate_limits.window_started_at end
    returning hits, ceil(extract(epoch from (window_started_at + ${window}::interval - now())))::int as seconds_left`);
  const [row] = rowsOf<{ hits: number; seconds_left: number }>(result);
  if (row && Number(row.hits) > rule.limit) {
    const seconds = Math.max(1, Number(row.seconds_left));
    throw new AppError('TOO_MANY_REQUESTS', messages.tooManyRequests(seconds), { headers: { 'retry-after': String(seconds) } });
  }
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
