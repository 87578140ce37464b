import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';

/** A background job as monitoring reads it (GET /metrics). */
export type JobState = { name: string; isDue: boolean; overdueSeconds: number; sinceFinishedSeconds: number | null; isFailing: boolean };

/** Every job's turn: whether one is due and for how long, when a run last finished and whether it failed. */
export async function readJobStates(db: Db): Promise<JobState[]> {
  const rows = rowsOf<{ name: string; overdue: number | string; since_finished: number | string | null; failing: boolean }>(
    await db.execute(sql`
      select name,
             extract(epoch from now() - next_run_at)::float8 as overdue,
             extract(epoch from now() - last_finished_at)::float8 as since_finished,
             last_error is not null as failing
      from jobs order by name`),
  );
  return rows.map((row) => ({
    name: row.name,
    isDue: Number(row.overdue) >= 0,
    overdueSeconds: Math.max(0, Number(row.overdue)),
    sinceFinishedSeconds: row.since_finished === null ? null : Number(row.since_finished),
    isFailing: row.failing,
  }));
}
