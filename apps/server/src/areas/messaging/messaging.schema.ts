import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messageKinds } from '@vmeste/contract';
import { oneOf } from '../../shared/one-of.schema.js';

/**
 * Every message sent to a person (codes, reset links): the audit trail, and without a gateway the
 * only delivery — staff and tests read it here.
 */
const outboxChannels = ['outbox', 'sms', 'telegram'] as const;
const outboxStatuses = ['logged', 'sent', 'failed', 'muted'] as const;
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    kind: text('kind', { enum: messageKinds }).notNull(),
    channel: text('channel', { enum: outboxChannels }).notNull(),
    text: text('text').notNull(),
    /** muted — the person switched this kind off for Telegram, so nothing went out. */
    status: text('status', { enum: outboxStatuses }).notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_phone_idx').on(t.phone, t.createdAt),
    check('outbox_messages_kind_known', oneOf(t.kind, messageKinds)),
    check('outbox_messages_channel_known', oneOf(t.channel, outboxChannels)),
    check('outbox_messages_status_known', oneOf(t.status, outboxStatuses)),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
