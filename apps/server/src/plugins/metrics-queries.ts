import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';

/**
 * The shop's backlog as Prometheus reads it: one read-only statement over the queue-like tables of
 * several areas, as a monitoring agent would read the database. Nothing here decides anything; each
 * area still owns its rows and their rules.
 */
type Backlog = {
  jobs: { name: string; isDue: boolean; overdueSeconds: number; sinceFinishedSeconds: number | null; isFailing: boolean }[];
  /** Rows waiting, with the age of the oldest, by what waits. */
  waiting: { what: WaitingKind; count: number; oldestSeconds: number }[];
};

type WaitingKind = 'payments_pending' | 'payments_awaiting_check' | 'refunds_pending' | 'messages_queued' | 'telegram_pending';

export async function readBacklog(db: Db): Promise<Backlog> {
  const jobs = rowsOf<{ name: string; overdue: number | string; since_finished: number | string | null; failing: boolean }>(
    await db.execute(sql`
      select name,
             extract(epoch from now() - next_run_at)::float8 as overdue,
             extract(epoch from now() - last_finished_at)::float8 as since_finished,
             last_error is not null as failing
      from jobs order by name`),
  );
  const waiting = rowsOf<{ what: WaitingKind; count: number | string; oldest: number | string | null }>(
    await db.execute(sql`
      select 'payments_pending' as what, count(*) as count, extract(epoch from now() - min(created_at))::float8 as oldest
        from payments where status = 'pending'
      union all
      select 'payments_awaiting_check', count(*), extract(epoch from now() - min(created_at))::float8
        from payments where status = 'awaiting_check'
      union all
      select 'refunds_pending', count(*), extract(epoch from now() - min(created_at))::float8
        from payment_refunds where status = 'pending'
      union all
      select 'messages_queued', count(*), extract(epoch from now() - min(created_at))::float8
        from outbox_messages where status in ('queued', 'sending')
      union all
      select 'telegram_pending', count(*), extract(epoch from now() - min(created_at))::float8
        from telegram_messages where status in ('pending', 'sending')`),
  );
  return {
    jobs: jobs.map((row) => ({
      name: row.name,
      isDue: Number(row.overdue) >= 0,
      overdueSeconds: Math.max(0, Number(row.overdue)),
      sinceFinishedSeconds: row.since_finished === null ? null : Number(row.since_finished),
      isFailing: row.failing,
    })),
    waiting: waiting.map((row) => ({
      what: row.what,
      count: Number(row.count),
      oldestSeconds: row.oldest === null ? 0 : Number(row.oldest),
    })),
  };
}
