import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../../shared/one-of.schema.js';
import { orders } from './orders.schema.js';

/** The messages about an order that the orders area sends (order-notices.ts); a subset of the contract's message kinds. */
export const orderNoticeKinds = ['order_imported', 'payment_opened', 'payment_reminder'] as const;
export type OrderNoticeKind = (typeof orderNoticeKinds)[number];

/**
 * A client told about an order: one row per order, kind and occasion, written in the transaction
 * that writes the message. The key makes each notice go once, whichever request, instance or job
 * turn gets there first (docs/decisions/030). Occasions: `created` for a new order, the purchase
 * status that opened payment (`payment`), the payment deadline (`2026-12-05`) for a reminder.
 */
export const orderNotices = pgTable(
  'order_notices',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: orderNoticeKinds }).notNull(),
    occasion: text('occasion').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind, t.occasion] }), check('order_notices_kind_known', oneOf(t.kind, orderNoticeKinds))],
);

export type OrderNoticeRow = typeof orderNotices.$inferSelect;
