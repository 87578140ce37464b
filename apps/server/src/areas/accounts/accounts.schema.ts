import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roles } from '@vmeste/contract';
import { oneOf } from '../../shared/one-of.schema.js';
import { timestamps } from '../../shared/timestamps.schema.js';

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
    ...timestamps,
  },
  (t) => [
    check('users_phone_format', sql`${t.phone} ~ '^7[0-9]{10}$'`),
    check('users_role_known', oneOf(t.role, roles)),
    index('users_referred_by_idx').on(t.referredBy),
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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
