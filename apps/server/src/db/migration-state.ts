import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder, rowsOf } from './client.js';

/** The migrations this build carries: drizzle-kit's journal, each entry stamped with its folder time. */
function journalStamps(folder: string): number[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return journal.entries.map((entry) => entry.when);
}

let stamps: number[] | null = null;

/**
 * How many of this build's migrations the database has not applied. Drizzle's migrator applies every
 * migration stamped after the newest one it recorded, so the same rule counts what it would apply.
 * A database without drizzle's table has applied nothing. A database that cannot answer throws.
 */
export async function countPendingMigrations(db: Db, folder = migrationsFolder): Promise<number> {
  const carried = folder === migrationsFolder ? (stamps ??= journalStamps(folder)) : journalStamps(folder);
  const table = rowsOf<{ name: string | null }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`))[0];
  if (!table?.name) return carried.length;
  const last = rowsOf<{ last: string | number | null }>(
    await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`),
  )[0]?.last;
  const applied = last === null || last === undefined ? 0 : Number(last);
  return carried.filter((when) => when > applied).length;
}
