import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { type PurchaseFeeChange, purchaseEventActions, purchaseStatuses } from '@vmeste/contract';
import { timestamps } from '../../shared/timestamps.schema.js';
import { oneOf } from '../../shared/one-of.schema.js';
// Schema files may reference another area's table for a foreign key; nothing else reads it (docs/decisions/010).
import { users } from '../accounts/accounts.schema.js';
import { cards } from '../cards/cards.schema.js';

export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    supplier: text('supplier').notNull().default(''),
    status: text('status', { enum: purchaseStatuses }).notNull().default('draft'),
    /** Organizer fee in hundredths of a percent (1500 = 15 %). */
    organizerFeeBasisPoints: integer('organizer_fee_basis_points').notNull().default(0),
    paymentDeadline: date('payment_deadline'),
    cardId: uuid('card_id').references(() => cards.id),
    isCashbackExcluded: boolean('is_cashback_excluded').notNull().default(false),
    showOnMain: boolean('show_on_main').notNull().default(false),
    mainOrder: integer('main_order').notNull().default(0),
    coverKey: text('cover_key'),
    coverThumbKey: text('cover_thumb_key'),
    ...timestamps,
  },
  (t) => [
    check('purchases_fee_range', sql`${t.organizerFeeBasisPoints} between 0 and 10000`),
    index('purchases_main_idx').on(t.showOnMain, t.mainOrder),
    index('purchases_status_idx').on(t.status),
    check('purchases_status_known', oneOf(t.status, purchaseStatuses)),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;

/**
 * The purchase's audit rows: who changed what and why, with what it moved (an explicit fee change
 * records the orders and money it moved, as the admin saw them in the preview). Never updated.
 */
export const purchaseEvents = pgTable(
  'purchase_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    action: text('action', { enum: purchaseEventActions }).notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    /** As it was when the action was made; names change. */
    actorName: text('actor_name'),
    feeBeforeBasisPoints: integer('fee_before_basis_points'),
    feeAfterBasisPoints: integer('fee_after_basis_points'),
    figures: jsonb('figures').$type<Omit<PurchaseFeeChange, 'purchaseId' | 'isApplied'>>(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('purchase_events_purchase_idx').on(t.purchaseId, t.createdAt),
    check('purchase_events_action_known', oneOf(t.action, purchaseEventActions)),
  ],
);

export type PurchaseEventRow = typeof purchaseEvents.$inferSelect;

/**
 * Cover files to remove once `remove_after` has passed (the job `purchases.remove-old-covers`): the
 * files a new cover replaced, kept a while for the pages still showing them, and a new upload's own
 * files from before they are stored until the purchase records them, so an upload that dies between
 * the two leaves nothing in the storage for good. A key a purchase names is never removed.
 */
export const coverRemovals = pgTable(
  'cover_removals',
  {
    key: text('key').primaryKey(),
    removeAfter: timestamp('remove_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('cover_removals_due_idx').on(t.removeAfter)],
);
