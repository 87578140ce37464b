import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, type Tx } from '../../db/client.js';
import { bonusAccounts, bonusEntries, type BonusEntryRow, type NewBonusEntry } from './bonus.schema.js';

/**
 * Locks the clients' accounts (made on first use) in id order, so two transactions that touch the
 * same clients never deadlock; answers their balances.
 */
export async function lockAccounts(tx: Tx, userIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)].sort();
  const balances = new Map<string, number>();
  if (ids.length === 0) return balances;
  await tx
    .insert(bonusAccounts)
    .values(ids.map((userId) => ({ userId })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ userId: bonusAccounts.userId, balance: bonusAccounts.balanceKopecks })
    .from(bonusAccounts)
    .where(inArray(bonusAccounts.userId, ids))
    .orderBy(bonusAccounts.userId)
    .for('update');
  for (const row of rows) balances.set(row.userId, row.balance);
  return balances;
}

export async function findBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ balance: bonusAccounts.balanceKopecks }).from(bonusAccounts).where(eq(bonusAccounts.userId, userId));
  return row?.balance ?? 0;
}

export async function findBalances(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: bonusAccounts.userId, balance: bonusAccounts.balanceKopecks })
    .from(bonusAccounts)
    .where(inArray(bonusAccounts.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.balance]));
}

/** Writes the row and moves the balance; a row whose source is already in the ledger is not written again (answers undefined). */
/**
 * What a row adds to the bonuses the programme gave: cashback and referral credits, and the
 * reversals that take them back (a reversal of a spend is a credit and gives nothing).
 */
export function earnedChangeOf(row: Pick<BonusEntryRow, 'kind' | 'amountKopecks'>): number {
  if (row.kind === 'accrual' || row.kind === 'referral') return row.amountKopecks;
  if (row.kind === 'reversal' && row.amountKopecks < 0) return row.amountKopecks;
  return 0;
}

export async function insertEntry(tx: Tx, entry: NewBonusEntry): Promise<BonusEntryRow | undefined> {
  const [row] = await tx.insert(bonusEntries).values(entry).onConflictDoNothing().returning();
  if (!row) return undefined;
  await tx
    .update(bonusAccounts)
    .set({
      balanceKopecks: sql`${bonusAccounts.balanceKopecks} + ${row.amountKopecks}`,
      earnedKopecks: sql`${bonusAccounts.earnedKopecks} + ${earnedChangeOf(row)}`,
      updatedAt: new Date(),
    })
    .where(eq(bonusAccounts.userId, row.userId));
  return row;
}

export async function findEntriesOfPayment(db: DbOrTx, paymentId: string): Promise<BonusEntryRow[]> {
  return db.select().from(bonusEntries).where(eq(bonusEntries.paymentId, paymentId));
}

export async function findEntriesBySource(db: DbOrTx, sourceKeys: string[]): Promise<Map<string, BonusEntryRow>> {
  if (sourceKeys.length === 0) return new Map();
  const rows = await db.select().from(bonusEntries).where(inArray(bonusEntries.sourceKey, sourceKeys));
  return new Map(rows.map((r) => [r.sourceKey!, r]));
}

/** How much of each accrual has been taken back so far (taken plus written off). */
export async function sumReversedOf(db: DbOrTx, entryIds: string[]): Promise<Map<string, number>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: bonusEntries.reversesId,
      reversed: sql<string>`sum(-${bonusEntries.amountKopecks} + ${bonusEntries.writtenOffKopecks})`,
    })
    .from(bonusEntries)
    .where(inArray(bonusEntries.reversesId, entryIds))
    .groupBy(bonusEntries.reversesId);
  return new Map(rows.map((r) => [r.id!, Number(r.reversed)]));
}

export async function listEntries(
  db: DbOrTx,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ rows: BonusEntryRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(bonusEntries)
      .where(eq(bonusEntries.userId, userId))
      .orderBy(desc(bonusEntries.createdAt), desc(bonusEntries.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(bonusEntries).where(eq(bonusEntries.userId, userId)),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

/**
 * The lifetime in days of bonuses credited at `e.created_at`: the settings version in force then
 * (none, or one without expiry: they never expire). A new lifetime applies to what is credited after it.
 */
const lifetimeOfCredit = sql`(select s.expiry_days from bonus_settings s
  where s.created_at <= e.created_at order by s.created_at desc, s.id desc limit 1)`;

/** One row of a client's ledger as expiry reads it: a credit carries the lifetime it was given. */
export type LedgerMove = { at: Date; amount: number; lifetimeDays: number | null };

/** A client's ledger in time order (a credit before a debit of the same moment): what expiry replays. */
export async function findLedgerMoves(db: DbOrTx, userId: string): Promise<LedgerMove[]> {
  const result = await db.execute(sql`
    select e.created_at as at, e.amount_kopecks as amount,
           case when e.amount_kopecks > 0 then ${lifetimeOfCredit} end as lifetime_days
    from bonus_entries e
    where e.user_id = ${userId} and e.amount_kopecks <> 0
    order by e.created_at, e.amount_kopecks < 0, e.id`);
  return rowsOf<{ at: string | Date; amount: string | number; lifetime_days: number | null }>(result).map((r) => ({
    at: new Date(r.at),
    amount: Number(r.amount),
    lifetimeDays: r.lifetime_days === null ? null : Number(r.lifetime_days),
  }));
}

/**
 * Clients with a positive balance and a credit whose lifetime ends before `before`: the only ones
 * who may have something to expire (or to be warned of). Whether it was spent is the replay's answer.
 */
export async function findHoldersOfCreditsEndingBefore(db: DbOrTx, before: Date): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct e.user_id from bonus_entries e
    join bonus_accounts a on a.user_id = e.user_id and a.balance_kopecks > 0
    cross join lateral (select ${lifetimeOfCredit} as days) l
    where e.amount_kopecks > 0 and l.days is not null
      and e.created_at + make_interval(secs => l.days * 86400) < ${before.toISOString()}`);
  return rowsOf<{ user_id: string }>(result).map((r) => r.user_id);
}

/** What a client's referrals brought them: referral credits less what refunds took back of them. */
export async function sumReferralEarnings(db: DbOrTx, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(e.amount_kopecks), 0) as sum from bonus_entries e
    where e.user_id = ${userId}
      and (e.kind = 'referral'
        or (e.kind = 'reversal' and e.reverses_id in (select id from bonus_entries where user_id = ${userId} and kind = 'referral')))`);
  return Number(rowsOf<{ sum: string }>(result)[0]?.sum ?? 0);
}

/** Every account whose balance is not the sum of its ledger, and how many rows and accounts were read. */
export async function compareBalancesWithLedger(db: DbOrTx) {
  const result = await db.execute(sql`
    with sums as (select user_id, sum(amount_kopecks) as ledger, count(*) as n from bonus_entries group by user_id)
    select coalesce(a.user_id, s.user_id) as user_id, coalesce(a.balance_kopecks, 0) as balance,
           coalesce(s.ledger, 0) as ledger, coalesce(s.n, 0) as n
    from bonus_accounts a full join sums s on s.user_id = a.user_id`);
  const rows = rowsOf<{ user_id: string; balance: string; ledger: string; n: string }>(result);
  return {
    accounts: rows.length,
    ledgerRows: rows.reduce((sum, r) => sum + Number(r.n), 0),
    differences: rows
      .filter((r) => Number(r.balance) !== Number(r.ledger))
      .map((r) => ({ userId: r.user_id, balanceKopecks: Number(r.balance), ledgerKopecks: Number(r.ledger) })),
  };
}
