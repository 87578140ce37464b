import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  uptimeSeconds: z.number(),
});

/** Whether this instance should be sent requests: the database answers and has every migration of this build. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unavailable']),
  /** Migrations of this build the database lacks; null when the database does not answer. */
  pendingMigrations: z.number().int().nullable(),
});
