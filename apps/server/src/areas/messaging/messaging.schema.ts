import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messageKinds } from '@vmeste/contract';

/**
 * Every message sent to a person (codes, reset links): the audit trail, and without a gateway the
 * only delivery — staff and tests read it here.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    kind: text('kind', { enum: messageKinds }).notNull(),
    channel: text('channel', { enum: ['outbox', 'sms', 'telegram'] }).notNull(),
    text: text('text').notNull(),
    /** muted — the person switched this kind off for Telegram, so nothing went out. */
    status: text('status', { enum: ['logged', 'sent', 'failed', 'muted'] }).notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_phone_idx').on(t.phone, t.createdAt)],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
