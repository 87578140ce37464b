import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  type PaymentAction,
  paymentActions,
  paymentItemKinds,
  paymentMethods,
  paymentStatuses,
  refundDestinations,
  refundStatuses,
} from '@vmeste/contract';
import { oneOf } from '../../shared/one-of.schema.js';
import { timestamps } from '../../shared/timestamps.schema.js';
// Schema files may reference another area's table for a foreign key; nothing else reads it (docs/decisions/010).
import { users } from '../accounts/accounts.schema.js';
import { cards } from '../cards/cards.schema.js';
import { orders } from '../orders/orders.schema.js';
import { purchases } from '../purchases/purchases.schema.js';

export type TransferCard = { bank: string; holderName: string; cardNumber: string; sbpPhone: string | null };

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What staff say and search by; the id stays unguessable, as it is the payer's link. */
    number: serial('number').notNull().unique(),
    method: text('method', { enum: paymentMethods }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    refundedKopecks: bigint('refunded_kopecks', { mode: 'number' }).notNull().default(0),
    /** The part of the amount covered by the client's bonuses; the provider or the card gets the rest. */
    bonusKopecks: bigint('bonus_kopecks', { mode: 'number' }).notNull().default(0),
    /** The client who paid from the cabinet; null for a payment by order link. */
    userId: uuid('user_id').references(() => users.id),
    /** The payer as the orders name them, kept for the admin's search and list. */
    payerPhone: text('payer_phone').notNull(),
    payerName: text('payer_name').notNull().default(''),
    /**
     * For a payment by order link: the SHA-256 of the random token handed to the browser that started
     * it. Whoever holds the link may pay, but only that browser may send the receipt or give up the
     * payment (the order's owner and the admin may too). Null for payments from the cabinet.
     */
    payerTokenHash: text('payer_token_hash'),
    /** sandbox or yookassa for online payments. */
    provider: text('provider'),
    providerPaymentId: text('provider_payment_id'),
    confirmationUrl: text('confirmation_url'),
    /** The card a transfer goes to as the client was shown it, and the comment to write in the transfer. */
    cardId: uuid('card_id').references(() => cards.id),
    transferCard: jsonb('transfer_card').$type<TransferCard>(),
    transferComment: text('transfer_comment'),
    receiptKey: text('receipt_key'),
    receiptMime: text('receipt_mime'),
    receiptUploadedAt: timestamp('receipt_uploaded_at', { withTimezone: true }),
    /** Why the receipt was rejected or the payment canceled, for the client. */
    reason: text('reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_payment_unique').on(t.provider, t.providerPaymentId),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    index('payments_user_idx').on(t.userId),
    index('payments_created_idx').on(t.createdAt),
    // Money by week in the clients report reads paid payments by their moment.
    index('payments_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    check('payments_money', sql`${t.amountKopecks} > 0 and ${t.refundedKopecks} >= 0 and ${t.refundedKopecks} <= ${t.amountKopecks}`),
    check('payments_bonus', sql`${t.bonusKopecks} >= 0 and ${t.bonusKopecks} <= ${t.amountKopecks}`),
    check('payments_method_known', oneOf(t.method, paymentMethods)),
    check('payments_status_known', oneOf(t.status, paymentStatuses)),
  ],
);

export const paymentItems = pgTable(
  'payment_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: paymentItemKinds }).notNull().default('order'),
    orderId: uuid('order_id').references(() => orders.id),
    /** As they were at payment: the record of what was paid for. */
    orderNumber: integer('order_number'),
    /** A delivery invoice of the delivery area (no foreign key: that area is built on top of this one). */
    invoiceId: uuid('invoice_id'),
    invoiceNumber: integer('invoice_number'),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    purchaseTitle: text('purchase_title').notNull().default(''),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    /** This item's share of the payment's bonuses. */
    bonusKopecks: bigint('bonus_kopecks', { mode: 'number' }).notNull().default(0),
    refundedKopecks: bigint('refunded_kopecks', { mode: 'number' }).notNull().default(0),
    /** True while the payment is open; the unique index below makes one open payment per order a fact of the data. */
    isOpen: boolean('is_open').notNull().default(true),
  },
  (t) => [
    uniqueIndex('payment_items_one_open_per_order')
      .on(t.orderId)
      .where(sql`${t.isOpen}`),
    uniqueIndex('payment_items_one_open_per_invoice')
      .on(t.invoiceId)
      .where(sql`${t.isOpen}`),
    index('payment_items_invoice_idx').on(t.invoiceId),
    index('payment_items_payment_idx').on(t.paymentId),
    index('payment_items_order_idx').on(t.orderId),
    index('payment_items_purchase_idx').on(t.purchaseId),
    // Zero only for an item of money that came late whose part was all bonuses that could not be taken
    // again (docs/decisions/025): it brought nothing, and says so.
    check('payment_items_money', sql`${t.amountKopecks} >= 0 and ${t.refundedKopecks} >= 0 and ${t.refundedKopecks} <= ${t.amountKopecks}`),
    check('payment_items_bonus', sql`${t.bonusKopecks} >= 0 and ${t.bonusKopecks} <= ${t.amountKopecks}`),
    check('payment_items_kind_known', oneOf(t.kind, paymentItemKinds)),
    check(
      'payment_items_what',
      sql`(${t.kind} = 'order') = (${t.orderId} is not null) and (${t.kind} = 'delivery_invoice') = (${t.invoiceId} is not null)`,
    ),
  ],
);

export type OrderPaidChange = { number: number; paidBeforeKopecks: number; paidAfterKopecks: number };

/** The audit log: every change of a payment, who made it and what it did to the orders' money. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    action: text('action').$type<PaymentAction>().notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    /** As it was when the action was made; names change. */
    actorName: text('actor_name'),
    statusBefore: text('status_before', { enum: paymentStatuses }),
    statusAfter: text('status_after', { enum: paymentStatuses }),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }),
    comment: text('comment').notNull().default(''),
    orders: jsonb('orders').$type<OrderPaidChange[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId, t.createdAt),
    check('payment_events_action_known', oneOf(t.action, paymentActions)),
    check('payment_events_status_known', sql`${oneOf(t.statusBefore, paymentStatuses)} and ${oneOf(t.statusAfter, paymentStatuses)}`),
  ],
);

/** Money given back: one row per item and refund, with the provider's refund id for online payments. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => paymentItems.id, { onDelete: 'cascade' }),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    /** Where it went: back the way it came, or all of it to the client's bonus account. */
    destination: text('destination', { enum: refundDestinations }).notNull().default('money'),
    /**
     * The part of the refund taken from what the item was paid in money (a refund takes the money
     * part first, then the bonus part): the base its cashback is reversed on.
     */
    moneyPartKopecks: bigint('money_part_kopecks', { mode: 'number' }).notNull().default(0),
    providerRefundId: text('provider_refund_id'),
    /**
     * Written before the provider is asked (docs/decisions/024): only succeeded rows count in the
     * items' refunded sums; pending ones are taken from what is left to refund; failed ones free it.
     * Rows from before the change were written after the provider's answer: succeeded.
     */
    status: text('status', { enum: refundStatuses }).notNull().default('succeeded'),
    /**
     * One refund of a payment, shared by its rows (one per item): the Idempotence-Key the provider is
     * asked with, every time, so asking again after a crash finds the same refund.
     */
    idempotenceKey: text('idempotence_key')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    /** The provider's words for a refusal. */
    failure: text('failure'),
    /** When it became succeeded or failed. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Set when the background check (not the admin's request) settled it: the admin was not told then. */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    comment: text('comment').notNull().default(''),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('payment_refunds_key_item_unique').on(t.idempotenceKey, t.itemId),
    index('payment_refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('payment_refunds_money', sql`${t.amountKopecks} > 0`),
    check('payment_refunds_destination_known', oneOf(t.destination, refundDestinations)),
    check('payment_refunds_status_known', oneOf(t.status, refundStatuses)),
  ],
);

/**
 * Refunds the provider lists for a payment of ours that no refund of the shop names (made in the
 * provider's own dashboard, or before refunds were recorded first): found by the reconcile job, shown
 * to the admin until a refund of the shop claims them.
 */
const providerRefundStatuses = ['pending', 'succeeded', 'canceled'] as const;
export const unknownProviderRefunds = pgTable(
  'unknown_provider_refunds',
  {
    providerRefundId: text('provider_refund_id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    status: text('status', { enum: providerRefundStatuses }).notNull(),
    providerCreatedAt: timestamp('provider_created_at', { withTimezone: true }).notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('unknown_provider_refunds_payment_idx').on(t.paymentId),
    check('unknown_provider_refunds_status_known', oneOf(t.status, providerRefundStatuses)),
  ],
);

/** The built-in test provider's own payments: what a real provider would keep on its side. */
const sandboxPaymentMethods = ['card', 'sbp'] as const;
const sandboxPaymentStatuses = ['pending', 'succeeded', 'canceled'] as const;
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    refundedKopecks: bigint('refunded_kopecks', { mode: 'number' }).notNull().default(0),
    description: text('description').notNull(),
    method: text('method', { enum: sandboxPaymentMethods }).notNull(),
    status: text('status', { enum: sandboxPaymentStatuses }).notNull().default('pending'),
    returnUrl: text('return_url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    idempotenceKey: text('idempotence_key').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_payments_method_known', oneOf(t.method, sandboxPaymentMethods)),
    check('sandbox_payments_status_known', oneOf(t.status, sandboxPaymentStatuses)),
  ],
);

/** The sandbox provider's refunds, as a real provider keeps them: replayed by their idempotence key, listed by payment. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    idempotenceKey: text('idempotence_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_refunds_payment_idx').on(t.paymentId)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentItemRow = typeof paymentItems.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
