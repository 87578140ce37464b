import { and, asc, inArray, lte, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { coverRemovals, purchases } from './purchases.schema.js';

/** Marks the files for removal at that moment; a file marked already gets the new moment. */
export async function scheduleCoverRemoval(db: DbOrTx, keys: string[], removeAfter: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(coverRemovals)
    .values(keys.map((key) => ({ key, removeAfter })))
    .onConflictDoUpdate({ target: coverRemovals.key, set: { removeAfter: sql`excluded.remove_after` } });
}

export async function cancelCoverRemoval(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(coverRemovals).where(inArray(coverRemovals.key, keys));
}

/** Files due for removal at `now` that no purchase names, the longest due first. */
export async function findDueCoverRemovals(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: coverRemovals.key })
    .from(coverRemovals)
    .where(
      and(
        lte(coverRemovals.removeAfter, now),
        notExists(
          db
            .select({ id: purchases.id })
            .from(purchases)
            .where(or(sql`${purchases.coverKey} = ${coverRemovals.key}`, sql`${purchases.coverThumbKey} = ${coverRemovals.key}`)),
        ),
      ),
    )
    .orderBy(asc(coverRemovals.removeAfter))
    .limit(limit);
  return rows.map((row) => row.key);
}

/** Marks of files a purchase names (recorded after all): nothing to remove there. */
export async function cancelRemovalsOfNamedCovers(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(coverRemovals).where(
    and(
      lte(coverRemovals.removeAfter, now),
      inArray(
        coverRemovals.key,
        db
          .select({ key: purchases.coverKey })
          .from(purchases)
          .union(db.select({ key: purchases.coverThumbKey }).from(purchases)),
      ),
    ),
  );
}
