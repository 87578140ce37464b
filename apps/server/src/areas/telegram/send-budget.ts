import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';

/**
 * A bucket of `burst` tokens refilled at `rate` lets through at most burst + rate in any one second;
 * both are chosen so that sum stays within the configured messages per second.
 */
export function bucketOf(perSecond: number): { burst: number; rate: number } {
  const burst = Math.max(1, Math.ceil(perSecond / 10));
  return { burst, rate: Math.max(perSecond - burst, perSecond / 2) };
}

/**
 * Telegram's limit of about 30 messages a second is the bot's, not an instance's: every instance draws
 * from one token bucket in the telegram_state row, refilled by the clock (`clock_timestamp`, not the
 * transaction's start). A 429 pauses the bucket for everyone for as long as Telegram asked.
 */
export async function takeSendBudget(db: DbOrTx, want: number, perSecond: number): Promise<number> {
  const { burst, rate } = bucketOf(perSecond);
  const result = await db.execute(sql`
    with state as (
      select least(${burst}::float8, budget_tokens + extract(epoch from clock_timestamp() - budget_at) * ${rate}::float8) as available
      from telegram_state
      where id = 1 and (paused_until is null or paused_until <= clock_timestamp())
      for update
    )
    update telegram_state t
    set budget_tokens = state.available - least(${want}::float8, floor(state.available)), budget_at = clock_timestamp()
    from state
    where t.id = 1
    returning least(${want}::float8, floor(state.available))::int as granted`);
  return rowsOf<{ granted: number }>(result)[0]?.granted ?? 0;
}

/** Tokens taken for messages that turned out not to be there go back, so the next turn can use them. */
export async function giveBackSendBudget(db: DbOrTx, unused: number, perSecond: number): Promise<void> {
  if (unused <= 0) return;
  await db.execute(
    sql`update telegram_state set budget_tokens = least(${perSecond}::float8, budget_tokens + ${unused}::float8) where id = 1`,
  );
}

export async function pauseSending(db: DbOrTx, seconds: number): Promise<void> {
  await db.execute(sql`
    update telegram_state
    set paused_until = greatest(coalesce(paused_until, clock_timestamp()), clock_timestamp() + make_interval(secs => ${seconds}::float8))
    where id = 1`);
}

/** How long until the bucket can give a message again: the pause, or one token's refill. */
export async function sendBudgetWaitMs(db: DbOrTx, perSecond: number): Promise<number> {
  const result = await db.execute(sql`
    select greatest(0, extract(epoch from coalesce(paused_until, clock_timestamp()) - clock_timestamp()) * 1000)::float8 as paused_ms
    from telegram_state where id = 1`);
  const pausedMs = rowsOf<{ paused_ms: number }>(result)[0]?.paused_ms ?? 0;
  return Math.max(pausedMs, Math.ceil(1000 / bucketOf(perSecond).rate));
}
