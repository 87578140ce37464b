import type { Db } from '../../db/client.js';
import type { Job } from '../../jobs/job-runner.js';
import { deleteStaleRateLimits } from '../../shared/rate-limiter.js';

/** Housekeeping of the shared tables. */
export function systemJobs({ db }: { db: Db }): Job[] {
  return [{ name: 'rate-limits.cleanup', everySeconds: 3600, run: () => deleteStaleRateLimits(db) }];
}
