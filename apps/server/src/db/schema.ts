import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { fulfilmentStatuses, purchaseStatuses, roles } from '@vmeste/contract';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 11 digits starting with 7, see normalizePhone. */
    phone: text('phone').notNull().unique(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('client'),
    isConfirmedAccount: boolean('is_confirmed_account').notNull().default(false),
    /** Deactivated accounts keep their records but can no longer sign in. */
    isActive: boolean('is_active').notNull().default(true),
    referralCode: text('referral_code').notNull().unique(),
    referredBy: uuid('referred_by'),
    /** A client's own cashback percent in hundredths of a percent (1250 = 12.50 %), or none. */
    customCashbackBasisPoints: integer('custom_cashback_basis_points'),
    ...timestamps,
  },
  (t) => [
    check('users_phone_format', sql`${t.phone} ~ '^7[0-9]{10}$'`),
    check('users_role_known', sql`${t.role} in ('client', 'admin', 'storekeeper', 'logistician', 'organizer', 'merchandiser')`),
    index('users_referred_by_idx').on(t.referredBy),
    check('users_custom_cashback_range', sql`${t.customCashbackBasisPoints} between 0 and 10000`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Fixed-window counters for rate limits, shared by every app instance on the same database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * Every message sent to a person (codes, reset links): the audit trail, and without a gateway the
 * only delivery — staff and tests read it here.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    kind: text('kind', { enum: ['activation_code', 'password_reset'] }).notNull(),
    channel: text('channel', { enum: ['outbox', 'sms'] }).notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['logged', 'sent', 'failed'] }).notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_phone_idx').on(t.phone, t.createdAt)],
);

/** Single-use password reset links; only the SHA-256 of the id in the link is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

/** The current activation code of an account (one per user); the code itself is stored hashed. */
export const activationCodes = pgTable('activation_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
});

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
  ],
);

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
    ...timestamps,
  },
  (t) => [
    unique('orders_purchase_phone_unique').on(t.purchaseId, t.phone),
    index('orders_user_id_idx').on(t.userId),
    index('orders_phone_idx').on(t.phone),
    check('orders_money_non_negative', sql`${t.goodsKopecks} >= 0 and ${t.paidKopecks} >= 0 and ${t.totalKopecks} >= 0`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One line per product variant and price in an order, so importing the same file twice changes nothing.
    unique('order_lines_identity_unique').on(t.orderId, t.product, t.article, t.options, t.unitPriceKopecks),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0 and ${t.unitPriceKopecks} > 0`),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
