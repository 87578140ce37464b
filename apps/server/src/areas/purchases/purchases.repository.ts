import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { PurchaseStatus } from '@vmeste/contract';
import type { DbOrTx } from '../../db/client.js';
import { purchaseEvents, type PurchaseEventRow, type PurchaseRow, purchases } from './purchases.schema.js';
import { containsPattern } from '../../shared/like-pattern.js';

export type NewPurchase = typeof purchases.$inferInsert;

export async function insertPurchase(db: DbOrTx, values: NewPurchase): Promise<PurchaseRow> {
  const [row] = await db.insert(purchases).values(values).returning();
  return row!;
}

export async function updatePurchase(db: DbOrTx, id: string, values: Partial<NewPurchase>): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .update(purchases)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(purchases.id, id))
    .returning();
  return row;
}

/**
 * `forUpdate` locks the purchase against other changes of it (FOR NO KEY UPDATE): rows that refer to
 * it (a payment's items, a new order) still take their foreign-key share lock meanwhile, so a payment
 * that holds its orders never waits on the purchase while the purchase's change waits on those orders.
 */
export async function findPurchaseById(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<PurchaseRow | undefined> {
  const query = db.select().from(purchases).where(eq(purchases.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('no key update') : await query;
  return row;
}

/** Purchases by id, for views of things that belong to them (orders). */
export async function findPurchasesByIds(db: DbOrTx, ids: string[]): Promise<PurchaseRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(purchases)
    .where(inArray(purchases.id, [...new Set(ids)]));
}

export async function listPurchases(
  db: DbOrTx,
  filter: {
    status?: PurchaseStatus | undefined;
    statuses?: PurchaseStatus[] | undefined;
    search?: string | undefined;
    isCashbackExcluded?: boolean | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: PurchaseRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(purchases.status, filter.status));
  if (filter.statuses) conditions.push(inArray(purchases.status, filter.statuses));
  if (filter.isCashbackExcluded !== undefined) conditions.push(eq(purchases.isCashbackExcluded, filter.isCashbackExcluded));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(ilike(purchases.title, pattern), ilike(purchases.supplier, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(purchases).where(where).orderBy(desc(purchases.createdAt)).limit(filter.limit).offset(filter.offset),
    db.select({ n: count() }).from(purchases).where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

/** Purchases in any of the statuses, oldest first (the goods that came first are dealt with first). */
export async function findPurchasesByStatuses(db: DbOrTx, statuses: readonly PurchaseStatus[]): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(inArray(purchases.status, [...statuses]))
    .orderBy(asc(purchases.createdAt));
}

/** The main page's purchases: shown there, not drafts or canceled, in the admin's order. */
export async function listCoverPurchases(db: DbOrTx): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.showOnMain, true), ne(purchases.status, 'draft'), ne(purchases.status, 'canceled')))
    .orderBy(asc(purchases.mainOrder), desc(purchases.createdAt));
}

export async function findOpenPurchasesByCard(db: DbOrTx, cardId: string, statuses: PurchaseStatus[]): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.cardId, cardId), inArray(purchases.status, statuses)));
}

export async function insertPurchaseEvent(db: DbOrTx, values: typeof purchaseEvents.$inferInsert): Promise<void> {
  await db.insert(purchaseEvents).values(values);
}

/** A purchase's audit rows, newest first. */
export async function listPurchaseEvents(db: DbOrTx, purchaseId: string): Promise<PurchaseEventRow[]> {
  return db
    .select()
    .from(purchaseEvents)
    .where(eq(purchaseEvents.purchaseId, purchaseId))
    .orderBy(desc(purchaseEvents.createdAt), desc(purchaseEvents.id));
}
