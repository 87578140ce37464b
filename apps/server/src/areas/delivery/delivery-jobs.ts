import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Job } from '../../jobs/job-runner.js';
import { findShipmentsToPoll } from './destinations.repository.js';
import type { PointsSyncService } from './points-sync.js';
import type { ShippingService } from './shipping.service.js';

/** Boxberry asks to read a parcel's statuses at most once an hour. */
const POLL_EVERY_MINUTES = 60;
const POLL_BATCH = 200;

/**
 * The delivery area's background work, each turn claimed by one instance (jobs/job-runner.ts): the
 * nightly load of pickup points, and following shipments until they are delivered.
 */
export function deliveryJobs({
  db,
  sync,
  shipping,
  log,
}: {
  db: Db;
  sync: PointsSyncService;
  shipping: ShippingService;
  log: FastifyBaseLogger;
}): Job[] {
  return [
    {
      name: 'delivery.points-sync',
      everySeconds: 24 * 60 * 60,
      run: async () => {
        const result = await sync.runNow('nightly');
        if (!result) log.info('pickup points sync skipped: another run is going');
      },
    },
    {
      name: 'delivery.tracking',
      everySeconds: 10 * 60,
      run: async () => {
        const due = await findShipmentsToPoll(db, new Date(Date.now() - POLL_EVERY_MINUTES * 60_000), POLL_BATCH);
        for (const shipment of due) await shipping.poll(shipment);
      },
    },
  ];
}
