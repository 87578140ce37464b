import { asc, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema.js';

export type NewUser = typeof users.$inferInsert;

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByReferralCode(db: DbOrTx, referralCode: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.referralCode, referralCode)).limit(1);
  return row;
}

/** Inserts unless the phone is taken; answers undefined then, so callers need no error parsing. */
export async function insertUserIfPhoneFree(db: DbOrTx, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.phone }).returning();
  return row;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Every account that is not a client, newest first, optionally of one role. */
export async function listStaff(db: DbOrTx, role?: UserRow['role']): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(role ? eq(users.role, role) : ne(users.role, 'client'))
    .orderBy(desc(users.createdAt), asc(users.surname));
}
