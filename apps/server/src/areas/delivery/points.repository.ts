import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { BoxberryPoint } from '../../integrations/boxberry/boxberry-client.js';
import { boxberryPoints, type PointRow, pointsSyncs, type PointsSyncRow } from './delivery.schema.js';
import { containsPattern } from '../../shared/like-pattern.js';

function textCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  return or(ilike(boxberryPoints.address, containsPattern(q)), ilike(boxberryPoints.name, containsPattern(q)), eq(boxberryPoints.code, q));
}

/** What clients are offered: points the shop has on and Boxberry still has. */
const offered = and(eq(boxberryPoints.isEnabled, true), eq(boxberryPoints.isActive, true));

export async function findPoint(db: DbOrTx, code: string): Promise<PointRow | undefined> {
  const [row] = await db.select().from(boxberryPoints).where(eq(boxberryPoints.code, code)).limit(1);
  return row;
}

export async function findPoints(db: DbOrTx, codes: string[]): Promise<PointRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(boxberryPoints).where(inArray(boxberryPoints.code, codes));
}

/** Cities of the points `where` keeps, by name, each with its points counted and those the shop has on. */
async function citiesOf(db: DbOrTx, where: SQL | undefined) {
  const rows = await db
    .select({
      code: boxberryPoints.cityCode,
      name: boxberryPoints.cityName,
      region: sql<string>`max(${boxberryPoints.region})`,
      n: count(),
      enabled: sql<string>`count(*) filter (where ${boxberryPoints.isEnabled})`,
    })
    .from(boxberryPoints)
    .where(where)
    .groupBy(boxberryPoints.cityCode, boxberryPoints.cityName)
    .orderBy(asc(boxberryPoints.cityName));
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    region: r.region ?? '',
    pointsCount: Number(r.n),
    enabledCount: Number(r.enabled),
  }));
}

/** The cities clients are offered, with their offered points counted. */
export async function listOfferedCities(db: DbOrTx) {
  return (await citiesOf(db, offered)).map(({ enabledCount: _enabledCount, ...city }) => city);
}

/** Every city Boxberry still has points in, for the logistician: all its points and those switched on. */
export const listAllCities = (db: DbOrTx) => citiesOf(db, eq(boxberryPoints.isActive, true));

export async function listOfferedPoints(db: DbOrTx, cityCode: string, q: string): Promise<PointRow[]> {
  return db
    .select()
    .from(boxberryPoints)
    .where(and(offered, eq(boxberryPoints.cityCode, cityCode), textCondition(q)))
    .orderBy(asc(boxberryPoints.address))
    .limit(500);
}

export async function listPointsPage(
  db: DbOrTx,
  filter: { cityCode: string; q: string; enabled: 'all' | 'on' | 'off'; limit: number; offset: number },
): Promise<{ rows: PointRow[]; total: number }> {
  const where = and(
    eq(boxberryPoints.isActive, true),
    filter.cityCode ? eq(boxberryPoints.cityCode, filter.cityCode) : undefined,
    filter.enabled === 'all' ? undefined : eq(boxberryPoints.isEnabled, filter.enabled === 'on'),
    textCondition(filter.q),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(boxberryPoints)
      .where(where)
      .orderBy(asc(boxberryPoints.cityName), asc(boxberryPoints.address))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(boxberryPoints).where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

export async function setPointEnabled(db: DbOrTx, code: string, isEnabled: boolean): Promise<PointRow | undefined> {
  const [row] = await db.update(boxberryPoints).set({ isEnabled }).where(eq(boxberryPoints.code, code)).returning();
  return row;
}

/** Writes one city's points as Boxberry gave them, keeping the shop's switch of points it already had. */
export async function upsertPoints(db: DbOrTx, points: BoxberryPoint[], region: string, syncedAt: Date): Promise<void> {
  if (points.length === 0) return;
  const values = points.map((p) => ({
    code: p.code,
    name: p.name,
    cityCode: p.cityCode,
    cityName: p.cityName,
    region,
    address: p.address,
    phone: p.phone,
    workSchedule: p.workSchedule,
    tripDescription: p.tripDescription,
    lat: p.lat,
    lon: p.lon,
    isPostamat: p.isPostamat,
    onlyPrepaidOrders: p.onlyPrepaidOrders,
    deliveryPeriodDays: p.deliveryPeriodDays,
    isActive: true,
    syncedAt,
  }));
  await db
    .insert(boxberryPoints)
    .values(values)
    .onConflictDoUpdate({
      target: boxberryPoints.code,
      set: {
        name: sql`excluded.name`,
        cityCode: sql`excluded.city_code`,
        cityName: sql`excluded.city_name`,
        region: sql`excluded.region`,
        address: sql`excluded.address`,
        phone: sql`excluded.phone`,
        workSchedule: sql`excluded.work_schedule`,
        tripDescription: sql`excluded.trip_description`,
        lat: sql`excluded.lat`,
        lon: sql`excluded.lon`,
        isPostamat: sql`excluded.is_postamat`,
        onlyPrepaidOrders: sql`excluded.only_prepaid_orders`,
        deliveryPeriodDays: sql`excluded.delivery_period_days`,
        isActive: true,
        syncedAt: sql`excluded.synced_at`,
      },
    });
}

/** Points Boxberry no longer lists (not seen by a complete sync) are no longer offered. */
export async function deactivatePointsNotSyncedSince(db: DbOrTx, since: Date): Promise<void> {
  await db
    .update(boxberryPoints)
    .set({ isActive: false })
    .where(and(eq(boxberryPoints.isActive, true), sql`${boxberryPoints.syncedAt} < ${since.toISOString()}`));
}

export async function countActivePoints(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(boxberryPoints).where(eq(boxberryPoints.isActive, true));
  return Number(row?.n ?? 0);
}

// Syncs

export async function updateSync(db: DbOrTx, id: string, values: Partial<typeof pointsSyncs.$inferInsert>): Promise<void> {
  await db.update(pointsSyncs).set(values).where(eq(pointsSyncs.id, id));
}

export async function findLastSync(db: DbOrTx): Promise<PointsSyncRow | undefined> {
  const [row] = await db.select().from(pointsSyncs).orderBy(desc(pointsSyncs.startedAt)).limit(1);
  return row;
}

/** A run whose heartbeat stopped this long ago died with its process; it no longer blocks a new one. */
export async function failStaleSyncs(db: DbOrTx, staleBefore: Date): Promise<void> {
  await db
    .update(pointsSyncs)
    .set({ status: 'failed', error: 'Загрузка прервалась (сервер перезапускался)', finishedAt: new Date() })
    .where(and(eq(pointsSyncs.status, 'running'), sql`${pointsSyncs.heartbeatAt} < ${staleBefore.toISOString()}`));
}
