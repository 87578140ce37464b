import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Job } from '../../jobs/job-runner.js';
import { type FileStorage, ORPHAN_GRACE_SECONDS } from '../../integrations/storage/file-storage.js';
import { deleteStaleRateLimits } from '../../shared/rate-limiter.js';

/** Housekeeping of the shared tables and the file storage. */
export function systemJobs({ db, storage, log }: { db: Db; storage: FileStorage; log: FastifyBaseLogger }): Job[] {
  return [
    { name: 'rate-limits.cleanup', everySeconds: 3600, run: () => deleteStaleRateLimits(db) },
    {
      // What uploads cut off by a killed instance left behind (docs/decisions/035), a day after.
      name: 'files.sweep-orphans',
      everySeconds: 3600,
      run: async () => {
        const removed = await storage.sweepOrphans(ORPHAN_GRACE_SECONDS);
        if (removed > 0) log.info({ removed, storage: storage.kind }, 'swept what dead uploads left behind');
      },
    },
  ];
}
