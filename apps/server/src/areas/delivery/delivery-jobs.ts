import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MoscowTime } from '../../jobs/daily-time.js';
import type { Job } from '../../jobs/job-runner.js';
import type { BoxberryConnection } from './boxberry-connection.js';
import { findShipmentsToPoll } from './destinations.repository.js';
import type { PointsSyncService } from './points-sync.js';
import type { ShippingService } from './shipping.service.js';

/** Boxberry asks to read a parcel's statuses at most once an hour. */
const POLL_EVERY_MINUTES = 60;
const POLL_BATCH = 200;

/**
 * The delivery area's background work, each turn claimed by one instance (jobs/job-runner.ts): the
 * nightly load of pickup points (at a fixed Moscow time, 03:00 by default), and following shipments until they are delivered. While Boxberry
 * is off (production without a token) both skip their turns, saying so once rather than every turn.
 */
export function deliveryJobs({
  db,
  sync,
  shipping,
  boxberry,
  log,
  pointsSyncAt,
}: {
  db: Db;
  sync: PointsSyncService;
  shipping: ShippingService;
  boxberry: Pick<BoxberryConnection, 'mode'>;
  log: FastifyBaseLogger;
  pointsSyncAt: MoscowTime;
}): Job[] {
  const saidOff = new Set<string>();
  /** Whether the job may go on; the first skipped turn of each job logs why. */
  async function isBoxberryOn(job: string): Promise<boolean> {
    if ((await boxberry.mode()) !== 'off') {
      saidOff.delete(job);
      return true;
    }
    if (!saidOff.has(job)) {
      saidOff.add(job);
      log.warn({ job }, 'Boxberry is off (no token saved on «Настройки Boxberry»): the job does nothing until a token is saved');
    }
    return false;
  }

  return [
    {
      name: 'delivery.points-sync',
      dailyAt: pointsSyncAt,
      run: async () => {
        if (!(await isBoxberryOn('delivery.points-sync'))) return;
        const result = await sync.runNow('nightly');
        if (!result) log.info('pickup points sync skipped: another run is going');
      },
    },
    {
      name: 'delivery.tracking',
      everySeconds: 10 * 60,
      run: async () => {
        if (!(await isBoxberryOn('delivery.tracking'))) return;
        const due = await findShipmentsToPoll(db, new Date(Date.now() - POLL_EVERY_MINUTES * 60_000), POLL_BATCH);
        for (const shipment of due) await shipping.poll(shipment);
      },
    },
  ];
}
