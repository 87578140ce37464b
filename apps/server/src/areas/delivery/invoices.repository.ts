import { and, asc, count, desc, eq, inArray, min, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveryInvoices, type InvoiceRow, type NewInvoice } from './delivery.schema.js';

export async function insertInvoice(db: DbOrTx, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(deliveryInvoices).values(values).returning();
  return row!;
}

export async function findInvoices(db: DbOrTx, ids: string[], options: { forUpdate?: boolean } = {}): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  const query = db.select().from(deliveryInvoices).where(inArray(deliveryInvoices.id, ids)).orderBy(asc(deliveryInvoices.id));
  return options.forUpdate ? query.for('update') : query;
}

/** The live (not canceled) invoice of each parcel. */
export async function findLiveInvoicesOfParcels(db: DbOrTx, parcelIds: string[]): Promise<Map<string, InvoiceRow>> {
  if (parcelIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(deliveryInvoices)
    .where(and(inArray(deliveryInvoices.parcelId, parcelIds), ne(deliveryInvoices.status, 'canceled')));
  return new Map(rows.map((r) => [r.parcelId, r]));
}

export async function listUnpaidOfPhone(db: DbOrTx, phone: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(deliveryInvoices)
    .where(and(eq(deliveryInvoices.phone, phone), eq(deliveryInvoices.status, 'unpaid')))
    .orderBy(desc(deliveryInvoices.number));
}

export async function updateInvoice(db: DbOrTx, id: string, values: Partial<NewInvoice>): Promise<InvoiceRow> {
  const [row] = await db
    .update(deliveryInvoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deliveryInvoices.id, id))
    .returning();
  return row!;
}

export async function unpaidSummary(db: DbOrTx): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(deliveryInvoices.createdAt) })
    .from(deliveryInvoices)
    .where(eq(deliveryInvoices.status, 'unpaid'));
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}
