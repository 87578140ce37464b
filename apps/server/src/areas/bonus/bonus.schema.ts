import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bonusEntryKinds, cashbackMoments } from '@vmeste/contract';
import { oneOf } from '../../shared/one-of.schema.js';
// Schema files may reference another area's table for a foreign key; nothing else reads it (docs/decisions/010).
import { users } from '../accounts/accounts.schema.js';

/**
 * A client's balance, kept next to the ledger and changed only together with a ledger row under
 * this row's lock: the lock orders concurrent spends. Below zero is a debt, and only a refund's
 * reversal of cashback may make one (docs/decisions/023): `ledger.ts#post` refuses every other debit
 * beyond the balance. The ledger check recomputes it from the entries.
 */
export const bonusAccounts = pgTable('bonus_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  balanceKopecks: bigint('balance_kopecks', { mode: 'number' }).notNull().default(0),
  /** Cashback and referral bonuses credited, less their reversals: what the programme gave the client. */
  earnedKopecks: bigint('earned_kopecks', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The ledger: one row per change of a client's bonuses, never updated or deleted. */
export const bonusEntries = pgTable(
  'bonus_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: bonusEntryKinds }).notNull(),
    /** Signed kopecks: credits positive, debits negative. */
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    /** A debit capped at the balance: the part that could not be taken. */
    writtenOffKopecks: bigint('written_off_kopecks', { mode: 'number' }).notNull().default(0),
    description: text('description').notNull(),
    comment: text('comment').notNull().default(''),
    /**
     * What the row answers for (`accrual:<payment item>`, `spend:<payment>`, `upload:<upload>:<line>`):
     * unique, so one event is never credited or debited twice, whoever repeats it.
     */
    sourceKey: text('source_key'),
    /** Ids of the payments and orders areas (no foreign keys: those areas are below this one). */
    orderId: uuid('order_id'),
    orderNumber: integer('order_number'),
    paymentId: uuid('payment_id'),
    paymentNumber: integer('payment_number'),
    paymentItemId: uuid('payment_item_id'),
    refundId: uuid('refund_id'),
    /** The accrual or referral a reversal takes back. */
    reversesId: uuid('reverses_id'),
    /** The percent an accrual was made at, in hundredths (500 = 5 %): reversals use the same. */
    basisPoints: integer('basis_points'),
    uploadId: uuid('upload_id').references(() => bonusUploads.id),
    actorId: uuid('actor_id').references(() => users.id),
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bonus_entries_source_unique').on(t.sourceKey),
    index('bonus_entries_user_idx').on(t.userId, t.createdAt),
    index('bonus_entries_upload_idx').on(t.uploadId),
    index('bonus_entries_reverses_idx').on(t.reversesId),
    check('bonus_entries_amount', sql`${t.amountKopecks} <> 0 or ${t.writtenOffKopecks} > 0`),
    check('bonus_entries_written_off', sql`${t.writtenOffKopecks} >= 0`),
    check('bonus_entries_kind_known', oneOf(t.kind, bonusEntryKinds)),
  ],
);

/** Every version of the settings; the newest is in force, and an order paid at a time follows the version of that time. */
export const bonusSettings = pgTable(
  'bonus_settings',
  {
    id: serial('id').primaryKey(),
    defaultBasisPoints: integer('default_basis_points').notNull(),
    referralBasisPoints: integer('referral_basis_points').notNull(),
    spendCapBasisPoints: integer('spend_cap_basis_points').notNull(),
    creditOn: text('credit_on', { enum: cashbackMoments }).notNull(),
    expiryDays: integer('expiry_days'),
    actorId: uuid('actor_id').references(() => users.id),
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('bonus_settings_credit_on_known', oneOf(t.creditOn, cashbackMoments))],
);

/** A client's own cashback percent, above the default and the purchase exceptions. */
export const bonusCustomRates = pgTable(
  'bonus_custom_rates',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    basisPoints: integer('basis_points').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('bonus_custom_rates_range', sql`${t.basisPoints} between 0 and 10000`)],
);

/** Uploaded accrual tables: the file (by its content hash, so one file is applied once) and its totals. */
export const bonusUploads = pgTable('bonus_uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  number: serial('number').notNull().unique(),
  sha256: text('sha256').notNull().unique(),
  fileName: text('file_name').notNull(),
  fileKey: text('file_key').notNull(),
  rowsCount: integer('rows_count').notNull(),
  creditKopecks: bigint('credit_kopecks', { mode: 'number' }).notNull(),
  debitKopecks: bigint('debit_kopecks', { mode: 'number' }).notNull(),
  actorId: uuid('actor_id').references(() => users.id),
  actorName: text('actor_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A client told that bonuses expire on a day: once per client and day, however many instances run the job. */
export const bonusExpiryWarnings = pgTable(
  'bonus_expiry_warnings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresOn: date('expires_on').notNull(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.expiresOn] })],
);

export type BonusEntryRow = typeof bonusEntries.$inferSelect;
export type NewBonusEntry = typeof bonusEntries.$inferInsert;
export type BonusSettingsRow = typeof bonusSettings.$inferSelect;
export type BonusUploadRow = typeof bonusUploads.$inferSelect;
