import type { PointsSync } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { BoxberryError } from '../../integrations/boxberry/boxberry-client.js';
import type { Actor } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import type { BoxberryConnection } from './boxberry-connection.js';
import { pointsSyncs, type PointsSyncRow } from './delivery.schema.js';
import { deactivatePointsNotSyncedSince, failStaleSyncs, findLastSync, updateSync, upsertPoints } from './points.repository.js';

/** How often a running sync writes its progress: the logistician's page polls it. */
const PROGRESS_EVERY_MS = 1000;

/** A run that has not moved for this long is taken as dead (its process stopped). */
const STALE_MINUTES = 10;

export function toSyncView(row: PointsSyncRow): PointsSync {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    citiesTotal: row.citiesTotal,
    citiesDone: row.citiesDone,
    pointsCount: row.pointsCount,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    startedByName: row.startedByName,
  };
}

/**
 * Loading Boxberry's pickup points city by city, so the logistician sees a progress bar. One run at a
 * time across all instances: the run is a row, and a unique index admits one running row. Points
 * of each city are written as they come; points Boxberry stopped listing are switched off only after
 * a complete run, so a run cut short never hides good points.
 */
export function createPointsSync({ db, boxberry, log }: { db: Db; boxberry: BoxberryConnection; log: FastifyBaseLogger }) {
  /** Runs started in the background: closing the app waits for them, so none writes to a closed database. */
  const running = new Set<Promise<void>>();

  async function claim(trigger: 'manual' | 'nightly', actor: Actor): Promise<PointsSyncRow | null> {
    await failStaleSyncs(db, new Date(Date.now() - STALE_MINUTES * 60_000));
    const [row] = await db
      .insert(pointsSyncs)
      .values({ trigger, startedById: actor?.id ?? null, startedByName: actor?.name ?? null })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async function run(sync: PointsSyncRow): Promise<void> {
    const startedAt = new Date();
    let pointsCount = 0;
    try {
      const { client } = await boxberry.link();
      const cities = await client.listCities();
      await updateSync(db, sync.id, { citiesTotal: cities.length, heartbeatAt: new Date() });
      let reportedAt = Date.now();
      for (const [index, city] of cities.entries()) {
        const points = await client.listPoints({ cityCode: city.code });
        await upsertPoints(db, points, city.region, new Date());
        pointsCount += points.length;
        // Progress (and the heartbeat) once a second, not per city: 2,000 cities would be 2,000 more commits.
        const isLast = index === cities.length - 1;
        if (isLast || Date.now() - reportedAt >= PROGRESS_EVERY_MS) {
          await updateSync(db, sync.id, { citiesDone: index + 1, pointsCount, heartbeatAt: new Date() });
          reportedAt = Date.now();
        }
      }
      await deactivatePointsNotSyncedSince(db, startedAt);
      await updateSync(db, sync.id, { status: 'succeeded', finishedAt: new Date(), heartbeatAt: new Date() });
    } catch (error) {
      const message = error instanceof BoxberryError || error instanceof AppError ? error.message : 'Внутренняя ошибка при загрузке';
      if (!(error instanceof BoxberryError)) log.error({ err: error, syncId: sync.id }, 'pickup points sync failed');
      await updateSync(db, sync.id, { status: 'failed', error: message, finishedAt: new Date() });
    }
  }

  async function last(): Promise<PointsSync | null> {
    const row = await findLastSync(db);
    return row ? toSyncView(row) : null;
  }

  return {
    last,

    /** Starts a run in the background and answers at once; the page follows it through `last`. */
    async start(actor: Actor): Promise<PointsSync> {
      await boxberry.requireOn();
      const sync = await claim('manual', actor);
      if (!sync) throw new AppError('CONFLICT', 'Пункты выдачи уже загружаются: дождитесь окончания');
      const background: Promise<void> = run(sync)
        .catch((error: unknown) => log.error({ err: error, syncId: sync.id }, 'pickup points sync was not recorded'))
        .finally(() => running.delete(background));
      running.add(background);
      return toSyncView(sync);
    },

    /** A whole run, awaited (the nightly job, the demo data); null when another run is going. */
    async runNow(trigger: 'manual' | 'nightly', actor: Actor = null): Promise<PointsSync | null> {
      const sync = await claim(trigger, actor);
      if (!sync) return null;
      await run(sync);
      return last();
    },

    /** Waits for the runs started in the background (the app is closing). */
    async drain(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type PointsSyncService = ReturnType<typeof createPointsSync>;
