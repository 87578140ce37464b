import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { fulfilmentStatuses, MAX_LINE_QUANTITY, MAX_ORDER_TOTAL_KOPECKS, MAX_UNIT_PRICE_KOPECKS } from '@vmeste/contract';
import { timestamps } from '../../shared/timestamps.schema.js';
import { oneOf } from '../../shared/one-of.schema.js';
// Schema files may reference another area's table for a foreign key; nothing else reads it (docs/decisions/010).
import { users } from '../accounts/accounts.schema.js';
import { purchases } from '../purchases/purchases.schema.js';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number people say on the phone and write in transfers; the id stays unguessable. */
    number: serial('number').notNull().unique(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    /** Set when the phone has a confirmed account; imported orders wait for it otherwise. */
    userId: uuid('user_id').references(() => users.id),
    phone: text('phone').notNull(),
    clientName: text('client_name').notNull().default(''),
    goodsKopecks: bigint('goods_kopecks', { mode: 'number' }).notNull().default(0),
    organizerFeeKopecks: bigint('organizer_fee_kopecks', { mode: 'number' }).notNull().default(0),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull().default(0),
    paidKopecks: bigint('paid_kopecks', { mode: 'number' }).notNull().default(0),
    fulfilmentStatus: text('fulfilment_status', { enum: fulfilmentStatuses }).notNull().default('awaiting_goods'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The order's lines, and those received: kept by triggers on order_lines (migration 0017), for its purchase's figures. */
    linesCount: integer('lines_count').notNull().default(0),
    receivedLinesCount: integer('received_lines_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('orders_purchase_phone_unique').on(t.purchaseId, t.phone),
    index('orders_user_id_idx').on(t.userId),
    index('orders_phone_idx').on(t.phone),
    index('orders_fulfilment_status_idx').on(t.fulfilmentStatus),
    index('orders_created_at_idx').on(t.createdAt),
    check('orders_money_non_negative', sql`${t.goodsKopecks} >= 0 and ${t.paidKopecks} >= 0 and ${t.totalKopecks} >= 0`),
    // The shop's limit per order (contract, money.ts), so no total can grow past exact arithmetic.
    check('orders_total_within_limit', sql`${t.totalKopecks} <= ${sql.raw(String(MAX_ORDER_TOTAL_KOPECKS))}`),
    check('orders_fulfilment_status_known', oneOf(t.fulfilmentStatus, fulfilmentStatuses)),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    article: text('article').notNull().default(''),
    options: text('options').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceKopecks: bigint('unit_price_kopecks', { mode: 'number' }).notNull(),
    /** Units the warehouse received; null until the line is received. The rest are missing and not charged. */
    arrivedQuantity: integer('arrived_quantity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One line per product variant in an order, whatever its price: a corrected price in a re-imported
    // file or a hand edit changes that line instead of adding a second one (migration 0014).
    unique('order_lines_identity_unique').on(t.orderId, t.product, t.article, t.options),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0 and ${t.unitPriceKopecks} > 0`),
    check('order_lines_arrived_within_quantity', sql`${t.arrivedQuantity} between 0 and ${t.quantity}`),
    check(
      'order_lines_within_limits',
      sql`${t.quantity} <= ${sql.raw(String(MAX_LINE_QUANTITY))} and ${t.unitPriceKopecks} <= ${sql.raw(String(MAX_UNIT_PRICE_KOPECKS))}`,
    ),
  ],
);

/** Every step of an order's goods, for the admin to see who moved what and when. */
export const orderFulfilmentEvents = pgTable(
  'order_fulfilment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: fulfilmentStatuses }).notNull(),
    toStatus: text('to_status', { enum: fulfilmentStatuses }).notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    /** The name at the time, so the history reads the same after the employee is renamed or removed. */
    actorName: text('actor_name'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_fulfilment_events_order_idx').on(t.orderId, t.createdAt),
    check(
      'order_fulfilment_events_status_known',
      sql`${oneOf(t.fromStatus, fulfilmentStatuses)} and ${oneOf(t.toStatus, fulfilmentStatuses)}`,
    ),
  ],
);

/**
 * Each phone's orders summed up, kept by a trigger on orders in the same statement as the change
 * (migration 0007), so a report over every client reads 100 000 rows rather than a million orders.
 * Canceled orders count only with the money still on them.
 */
export const orderClientTotals = pgTable(
  'order_client_totals',
  {
    phone: text('phone').primaryKey(),
    /** The name on the latest order: a phone without an account is named by it. */
    clientName: text('client_name').notNull().default(''),
    ordersCount: integer('orders_count').notNull().default(0),
    goodsKopecks: bigint('goods_kopecks', { mode: 'number' }).notNull().default(0),
    paidKopecks: bigint('paid_kopecks', { mode: 'number' }).notNull().default(0),
    dueKopecks: bigint('due_kopecks', { mode: 'number' }).notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    /** The span of half-months (see order_client_half_months) the phone's running totals cover. */
    firstHalfMonth: integer('first_half_month'),
    lastHalfMonth: integer('last_half_month'),
  },
  // By the latest order: the phones a period ending in the past must look up (docs/decisions/021).
  (t) => [index('order_client_totals_due_idx').on(t.dueKopecks), index('order_client_totals_last_order_at_idx').on(t.lastOrderAt)],
);

/**
 * Each phone's running totals at the end of every half-month (Moscow: the 1st–15th and the 16th to the
 * month's end, numbered `(year * 12 + month - 1) * 2 + half`) from its first order's to its last one's,
 * kept by the same trigger (migration 0010): the orders created up to that half-month's end, with the
 * money on them now. A long period is the difference of two of these rows and the orders of the few
 * days at its ends, so a year reads about two rows per client instead of half a million orders
 * (docs/decisions/021). Half-months with no order of the phone repeat the one before, so any one
 * inside the span is found by an equality.
 */
export const orderClientHalfMonths = pgTable(
  'order_client_half_months',
  {
    phone: text('phone').notNull(),
    halfMonth: integer('half_month').notNull(),
    ordersCount: integer('orders_count').notNull().default(0),
    goodsKopecks: bigint('goods_kopecks', { mode: 'number' }).notNull().default(0),
    paidKopecks: bigint('paid_kopecks', { mode: 'number' }).notNull().default(0),
    dueKopecks: bigint('due_kopecks', { mode: 'number' }).notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
  },
  // The half-month index is created by the migration with INCLUDE of the figures (an index-only scan
  // reads one half-month of 100 000 phones in about 10 ms); drizzle's builder cannot say INCLUDE.
  (t) => [primaryKey({ columns: [t.phone, t.halfMonth] }), index('order_client_half_months_half_month_idx').on(t.halfMonth, t.phone)],
);

/**
 * What the live orders of each purchase add up to (orders, due, paid, lines, lines received, orders
 * still awaiting goods), for the purchases list and the warehouse, kept by statement triggers on
 * orders (migration 0017, docs/decisions/028). A purchase may have several rows: each statement that
 * changes its orders adds the change, and a writer folds them into one now and then; its figures are
 * their sum (`purchase-totals.sql.ts`). No foreign key: adding a row must not lock the purchase.
 */
export const orderPurchaseTotals = pgTable(
  'order_purchase_totals',
  {
    purchaseId: uuid('purchase_id').notNull(),
    ordersCount: integer('orders_count').notNull().default(0),
    linesCount: integer('lines_count').notNull().default(0),
    receivedLinesCount: integer('received_lines_count').notNull().default(0),
    awaitingOrdersCount: integer('awaiting_orders_count').notNull().default(0),
    paidKopecks: bigint('paid_kopecks', { mode: 'number' }).notNull().default(0),
    dueKopecks: bigint('due_kopecks', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('order_purchase_totals_purchase_idx').on(t.purchaseId)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderFulfilmentEventRow = typeof orderFulfilmentEvents.$inferSelect;
