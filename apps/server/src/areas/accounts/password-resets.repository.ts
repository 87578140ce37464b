import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResets, users } from './accounts.schema.js';

/** Spends every open link of the user: a new link, a new password or a closed account ends them. */
export async function voidOpenPasswordResets(db: DbOrTx, userId: string) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** A new link makes every earlier unused link of the user void. */
export async function replacePasswordReset(db: DbOrTx, values: { userId: string; tokenHash: string; expiresAt: Date }) {
  await voidOpenPasswordResets(db, values.userId);
  await db.insert(passwordResets).values(values);
}

const resetWithAccount = {
  id: passwordResets.id,
  userId: passwordResets.userId,
  usedAt: passwordResets.usedAt,
  expiresAt: passwordResets.expiresAt,
  isAccountActive: users.isActive,
};

/** The link with whether its account may still sign in. */
export async function findPasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select(resetWithAccount)
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Locks the reset row, so two tabs submitting one link cannot both use it. */
export async function findPasswordResetForUpdate(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select(resetWithAccount)
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash))
    .for('update', { of: passwordResets })
    .limit(1);
  return row;
}

export async function markPasswordResetUsed(db: DbOrTx, id: string) {
  await db.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, id));
}
