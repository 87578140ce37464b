import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activationCodes } from './accounts.schema.js';

export async function findActivationCode(db: DbOrTx, userId: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(activationCodes).where(eq(activationCodes.userId, userId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** One live code per account: a new one replaces the old and its attempt count. */
export async function upsertActivationCode(db: DbOrTx, values: { userId: string; codeHash: string; sentAt: Date; expiresAt: Date }) {
  await db
    .insert(activationCodes)
    .values({ ...values, failedAttempts: 0 })
    .onConflictDoUpdate({
      target: activationCodes.userId,
      set: { codeHash: values.codeHash, sentAt: values.sentAt, expiresAt: values.expiresAt, failedAttempts: 0 },
    });
}

export async function countFailedActivationAttempt(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .update(activationCodes)
    .set({ failedAttempts: sql`${activationCodes.failedAttempts} + 1` })
    .where(eq(activationCodes.userId, userId))
    .returning({ failedAttempts: activationCodes.failedAttempts });
  return row?.failedAttempts ?? 0;
}

export async function deleteActivationCode(db: DbOrTx, userId: string) {
  await db.delete(activationCodes).where(eq(activationCodes.userId, userId));
}
