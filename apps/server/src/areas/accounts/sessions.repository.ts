import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { sessions, users } from './accounts.schema.js';

export async function insertSession(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date; userAgent: string | null; ip: string | null },
) {
  await db.insert(sessions).values(values);
}

/**
 * The live session's id for a token hash with its user, or nothing if revoked, expired or
 * deactivated. Every signed-in request runs it, so it is prepared once per database (the SQL is
 * built and planned once rather than on each request) and reads no session column it does not use.
 */
export function prepareFindLiveSession(db: Db) {
  const query = db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('find_live_session');
  return async (tokenHash: string) => (await query.execute({ tokenHash }))[0];
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessionsExcept(db: DbOrTx, userId: string, keepSessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
}

/** Whether the account of this phone opened a session from this address since `since` (its owner's usual address). */
export async function hasSessionFromAddress(db: DbOrTx, phone: string, ip: string, since: Date): Promise<boolean> {
  const [found] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.phone, phone), eq(sessions.ip, ip), gt(sessions.createdAt, since)))
    .limit(1);
  return Boolean(found);
}
