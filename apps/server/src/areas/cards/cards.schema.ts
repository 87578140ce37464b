import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../shared/timestamps.schema.js';

/** Bank cards that receive transfers for purchases. Soft-deleted: payments keep pointing at them. */
export const cards = pgTable('cards', {
  id: uuid('id').primaryKey().defaultRandom(),
  bank: text('bank').notNull(),
  holderName: text('holder_name').notNull(),
  number: text('number').notNull(),
  sbpPhone: text('sbp_phone'),
  isActive: boolean('is_active').notNull().default(true),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  ...timestamps,
});

export type CardRow = typeof cards.$inferSelect;
