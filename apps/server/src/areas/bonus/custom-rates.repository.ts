import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bonusCustomRates } from './bonus.schema.js';

export async function findCustomRates(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(bonusCustomRates).where(inArray(bonusCustomRates.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.basisPoints]));
}

export async function listCustomRates(db: DbOrTx) {
  return db.select().from(bonusCustomRates).orderBy(desc(bonusCustomRates.updatedAt));
}

export async function saveCustomRate(db: DbOrTx, userId: string, basisPoints: number | null): Promise<void> {
  if (basisPoints === null) {
    await db.delete(bonusCustomRates).where(eq(bonusCustomRates.userId, userId));
    return;
  }
  await db
    .insert(bonusCustomRates)
    .values({ userId, basisPoints })
    .onConflictDoUpdate({ target: bonusCustomRates.userId, set: { basisPoints, updatedAt: new Date() } });
}
