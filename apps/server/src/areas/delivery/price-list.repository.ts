import { asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Tariff } from '@vmeste/contract';
import type { DbOrTx } from '../../db/client.js';
import { priceListTariffs, priceListVersions, type PriceListVersionRow } from './delivery.schema.js';

export type VersionWithTariffs = PriceListVersionRow & { tariffs: Tariff[] };

async function withTariffs(db: DbOrTx, rows: PriceListVersionRow[]): Promise<VersionWithTariffs[]> {
  if (rows.length === 0) return [];
  const tariffs = await db
    .select()
    .from(priceListTariffs)
    .where(
      inArray(
        priceListTariffs.versionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(priceListTariffs.kind), asc(priceListTariffs.fromGrams));
  return rows.map((row) => ({
    ...row,
    tariffs: tariffs
      .filter((t) => t.versionId === row.id)
      .map(({ kind, fromGrams, toGrams, priceKopecks }) => ({ kind, fromGrams, toGrams, priceKopecks })),
  }));
}

/** The version in force on a day: the latest date not after it, and of one date the latest saved. */
export async function findVersionOn(db: DbOrTx, day: string): Promise<VersionWithTariffs | undefined> {
  const rows = await db
    .select()
    .from(priceListVersions)
    .where(lte(priceListVersions.appliesFrom, day))
    .orderBy(desc(priceListVersions.appliesFrom), desc(priceListVersions.createdAt))
    .limit(1);
  return (await withTariffs(db, rows))[0];
}

export async function findVersion(db: DbOrTx, id: string): Promise<VersionWithTariffs | undefined> {
  const rows = await db.select().from(priceListVersions).where(eq(priceListVersions.id, id)).limit(1);
  return (await withTariffs(db, rows))[0];
}

export async function listUpcoming(db: DbOrTx, day: string): Promise<VersionWithTariffs[]> {
  const rows = await db
    .select()
    .from(priceListVersions)
    .where(gt(priceListVersions.appliesFrom, day))
    .orderBy(asc(priceListVersions.appliesFrom), asc(priceListVersions.createdAt));
  return withTariffs(db, rows);
}

export async function listPast(db: DbOrTx, day: string, exceptId: string | null): Promise<VersionWithTariffs[]> {
  const rows = await db
    .select()
    .from(priceListVersions)
    .where(lte(priceListVersions.appliesFrom, day))
    .orderBy(desc(priceListVersions.appliesFrom), desc(priceListVersions.createdAt))
    .limit(50);
  return withTariffs(
    db,
    rows.filter((r) => r.id !== exceptId),
  );
}

export async function insertVersion(
  db: DbOrTx,
  values: { appliesFrom: string; createdById: string | null; createdByName: string | null },
  tariffs: Tariff[],
): Promise<VersionWithTariffs> {
  const [row] = await db.insert(priceListVersions).values(values).returning();
  await db.insert(priceListTariffs).values(tariffs.map((t) => ({ ...t, versionId: row!.id })));
  return (await withTariffs(db, [row!]))[0]!;
}

export async function hasAnyVersion(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: priceListVersions.id }).from(priceListVersions).limit(1);
  return rows.length > 0;
}
