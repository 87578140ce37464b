import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type DestinationRow, parcelDestinations, type ShipmentRow, shipments } from './delivery.schema.js';

export async function upsertDestination(db: DbOrTx, values: typeof parcelDestinations.$inferInsert): Promise<void> {
  const { parcelId: _parcelId, ...rest } = values;
  await db
    .insert(parcelDestinations)
    .values(values)
    .onConflictDoUpdate({ target: parcelDestinations.parcelId, set: { ...rest, updatedAt: new Date() } });
}

export async function findDestinations(db: DbOrTx, parcelIds: string[]): Promise<Map<string, DestinationRow>> {
  if (parcelIds.length === 0) return new Map();
  const rows = await db.select().from(parcelDestinations).where(inArray(parcelDestinations.parcelId, parcelIds));
  return new Map(rows.map((r) => [r.parcelId, r]));
}

export async function findShipments(db: DbOrTx, parcelIds: string[]): Promise<Map<string, ShipmentRow>> {
  if (parcelIds.length === 0) return new Map();
  const rows = await db.select().from(shipments).where(inArray(shipments.parcelId, parcelIds));
  return new Map(rows.map((r) => [r.parcelId, r]));
}

export async function findShipment(db: DbOrTx, parcelId: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.parcelId, parcelId)).limit(1);
  return row;
}

export async function insertShipment(db: DbOrTx, values: typeof shipments.$inferInsert): Promise<void> {
  await db.insert(shipments).values(values).onConflictDoNothing();
}

export async function updateShipment(db: DbOrTx, parcelId: string, values: Partial<typeof shipments.$inferInsert>): Promise<void> {
  await db.update(shipments).set(values).where(eq(shipments.parcelId, parcelId));
}

/** Shipments on the way whose Boxberry status was last asked before `checkedBefore`. */
export async function findShipmentsToPoll(db: DbOrTx, checkedBefore: Date, limit: number): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(
      sql`${shipments.deliveredAt} is null and (${shipments.lastCheckedAt} is null or ${shipments.lastCheckedAt} < ${checkedBefore.toISOString()})`,
    )
    .orderBy(sql`${shipments.lastCheckedAt} nulls first`)
    .limit(limit);
}

/** Shipments whose status has not changed since `before` (the logistician's «не меняется»). */
export async function findStalledParcelIds(db: DbOrTx, before: Date): Promise<string[]> {
  const rows = await db
    .select({ parcelId: shipments.parcelId })
    .from(shipments)
    .where(sql`${shipments.deliveredAt} is null and coalesce(${shipments.statusAt}, ${shipments.createdAt}) < ${before.toISOString()}`);
  return rows.map((r) => r.parcelId);
}

export async function findParcelIdsByTrack(db: DbOrTx, track: string): Promise<string[]> {
  const rows = await db.select({ parcelId: shipments.parcelId }).from(shipments).where(eq(shipments.track, track.trim().toUpperCase()));
  return rows.map((r) => r.parcelId);
}
