import type { SQL } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client.js';

/**
 * Rows of an area waiting for their turn, as monitoring reads them (GET /metrics): how many, and how
 * long the oldest has waited. Nothing decides on it; each area reads only its own tables.
 */
export type Waiting = { what: string; count: number; oldestSeconds: number };

/**
 * Runs an area's statement that answers `what`, `count` and `oldest` (seconds since the oldest row's
 * `created_at`, null when none waits) per kind of waiting row.
 */
export async function readWaiting(db: DbOrTx, statement: SQL): Promise<Waiting[]> {
  const rows = rowsOf<{ what: string; count: number | string; oldest: number | string | null }>(await db.execute(statement));
  return rows.map((row) => ({ what: row.what, count: Number(row.count), oldestSeconds: row.oldest === null ? 0 : Number(row.oldest) }));
}
