import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per background job: when it is due next. An instance claims a run by moving next_run_at
 * forward in one conditional update, so two instances on one database never run the same turn.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});
