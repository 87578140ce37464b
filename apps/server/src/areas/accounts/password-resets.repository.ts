import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResets } from './accounts.schema.js';

/** A new link makes every earlier unused link of the user void. */
export async function replacePasswordReset(db: DbOrTx, values: { userId: string; tokenHash: string; expiresAt: Date }) {
  const now = new Date();
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values(values);
}

export async function findPasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Locks the reset row, so two tabs submitting one link cannot both use it. */
export async function findPasswordResetForUpdate(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).for('update').limit(1);
  return row;
}

export async function markPasswordResetUsed(db: DbOrTx, id: string) {
  await db.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, id));
}
