import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type UserRow, users } from './accounts.schema.js';

export type NewUser = typeof users.$inferInsert;

export async function findUserByPhone(db: DbOrTx, phone: string, options: { forUpdate?: boolean } = {}): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.phone, phone)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
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

/** `name` is «Мария Иванова» for lists; `firstName` and `surname` apart for forms and recipients. */
export type ClientAccount = { id: string; name: string; firstName: string; surname: string; isConfirmed: boolean };

/** Client accounts by phone (staff phones are left out), in batches that keep the query small. */
export async function findClientsByPhones(db: DbOrTx, phones: string[]): Promise<Map<string, ClientAccount>> {
  const map = new Map<string, ClientAccount>();
  for (let i = 0; i < phones.length; i += 1000) {
    const rows = await db
      .select({ id: users.id, phone: users.phone, name: users.name, surname: users.surname, isConfirmed: users.isConfirmedAccount })
      .from(users)
      .where(and(inArray(users.phone, phones.slice(i, i + 1000)), eq(users.role, 'client')));
    for (const r of rows)
      map.set(r.phone, { id: r.id, name: `${r.name} ${r.surname}`, firstName: r.name, surname: r.surname, isConfirmed: r.isConfirmed });
  }
  return map;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

export async function insertUsers(db: DbOrTx, values: NewUser[]): Promise<void> {
  await db.insert(users).values(values);
}

/** An account as other areas may know it: who, how to reach them, who invited them. */
export type AccountCard = {
  id: string;
  phone: string;
  name: string;
  surname: string;
  role: UserRow['role'];
  isActive: boolean;
  isConfirmed: boolean;
  referralCode: string;
  referredBy: string | null;
  createdAt: Date;
};

const accountCard = {
  id: users.id,
  phone: users.phone,
  name: users.name,
  surname: users.surname,
  role: users.role,
  isActive: users.isActive,
  isConfirmed: users.isConfirmedAccount,
  referralCode: users.referralCode,
  referredBy: users.referredBy,
  createdAt: users.createdAt,
};

export async function findAccounts(db: DbOrTx, ids: string[]): Promise<Map<string, AccountCard>> {
  const map = new Map<string, AccountCard>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select(accountCard)
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 1000)));
    for (const row of rows) map.set(row.id, row);
  }
  return map;
}

/** The accounts a client invited with their referral link, oldest first. */
export async function findReferredAccounts(db: DbOrTx, referrerId: string): Promise<AccountCard[]> {
  return db.select(accountCard).from(users).where(eq(users.referredBy, referrerId)).orderBy(users.createdAt);
}
