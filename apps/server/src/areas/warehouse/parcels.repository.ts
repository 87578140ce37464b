import { and, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { ParcelStatus } from '@vmeste/contract';
import type { DbOrTx } from '../../db/client.js';
import { type NewParcel, parcelItems, type ParcelRow, parcels } from './warehouse.schema.js';

export async function insertParcel(db: DbOrTx, values: NewParcel, orderIds: string[]): Promise<ParcelRow> {
  const [row] = await db.insert(parcels).values(values).returning();
  await db.insert(parcelItems).values(orderIds.map((orderId) => ({ parcelId: row!.id, orderId })));
  return row!;
}

export async function findParcel(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<ParcelRow | undefined> {
  const query = db.select().from(parcels).where(eq(parcels.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findParcelsByIds(db: DbOrTx, ids: string[]): Promise<ParcelRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(parcels).where(inArray(parcels.id, ids)).orderBy(parcels.number);
}

export async function findParcelByNumber(db: DbOrTx, number: number): Promise<ParcelRow | undefined> {
  const [row] = await db.select().from(parcels).where(eq(parcels.number, number)).limit(1);
  return row;
}

/** A client's parcels not yet handed out, and `alsoId` (the one scanned) whatever its status. */
export async function findClientParcels(db: DbOrTx, phone: string, alsoId?: string): Promise<ParcelRow[]> {
  const notHandedOver = ne(parcels.status, 'delivered');
  return db
    .select()
    .from(parcels)
    .where(and(eq(parcels.phone, phone), alsoId ? or(notHandedOver, eq(parcels.id, alsoId)) : notHandedOver))
    .orderBy(desc(parcels.number))
    .limit(50);
}

export async function listParcels(
  db: DbOrTx,
  filter: { status?: ParcelStatus | undefined; limit: number; offset: number },
): Promise<{ rows: ParcelRow[]; total: number }> {
  const where: SQL | undefined = filter.status ? eq(parcels.status, filter.status) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(parcels).where(where).orderBy(desc(parcels.number)).limit(filter.limit).offset(filter.offset),
    db.select({ n: count() }).from(parcels).where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

/** The orders of each parcel. */
export async function findParcelOrderIds(db: DbOrTx, parcelIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (parcelIds.length === 0) return map;
  const rows = await db.select().from(parcelItems).where(inArray(parcelItems.parcelId, parcelIds));
  for (const row of rows) map.set(row.parcelId, [...(map.get(row.parcelId) ?? []), row.orderId]);
  return map;
}

/** The parcel each of these orders lies in, if any. */
export async function findParcelsOfOrders(db: DbOrTx, orderIds: string[]): Promise<Map<string, { id: string; number: number }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: parcelItems.orderId, id: parcels.id, number: parcels.number })
    .from(parcelItems)
    .innerJoin(parcels, eq(parcels.id, parcelItems.parcelId))
    .where(inArray(parcelItems.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, { id: r.id, number: r.number }]));
}

export async function updateParcel(db: DbOrTx, id: string, values: Partial<NewParcel>): Promise<ParcelRow> {
  const [row] = await db
    .update(parcels)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(parcels.id, id))
    .returning();
  return row!;
}

export async function deleteParcel(db: DbOrTx, id: string): Promise<void> {
  await db.delete(parcels).where(eq(parcels.id, id));
}
