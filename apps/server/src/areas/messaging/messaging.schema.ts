import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messageKinds } from '@vmeste/contract';
import { oneOf } from '../../shared/one-of.schema.js';

/**
 * Every message to a person (codes, reset links, notices): written as `queued` in the transaction of
 * the change it tells about, then delivered by the `messaging.deliver` job (docs/decisions/027).
 * Delivered, it is the audit trail, and without a gateway the only delivery — staff and tests read it here.
 */
const outboxChannels = ['outbox', 'sms', 'telegram'] as const;
const outboxStatuses = ['queued', 'sending', 'logged', 'sent', 'failed', 'muted'] as const;
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    kind: text('kind', { enum: messageKinds }).notNull(),
    /** Empty while queued for any channel; `sms` while queued for SMS only (Telegram already refused it). */
    channel: text('channel', { enum: outboxChannels }),
    text: text('text').notNull(),
    /** muted — the person switched this kind off for Telegram, so nothing went out. */
    status: text('status', { enum: outboxStatuses }).notNull(),
    /** The code or link token inside `text`, kept only until delivery (a real gateway's copy is masked). */
    secret: text('secret'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A `sending` message belongs to the instance sending it until then; past it, nobody knows whether it went. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    /**
     * What the message is about when a newer message about it makes it stale (`goods_arrived:<order>`):
     * a message with the same key written later replaces this one while it is still queued.
     */
    replaceKey: text('replace_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_phone_idx').on(t.phone, t.createdAt),
    index('outbox_messages_waiting_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('outbox_messages_replace_key_idx')
      .on(t.replaceKey)
      .where(sql`${t.status} = 'queued' and ${t.replaceKey} is not null`),
    check('outbox_messages_kind_known', oneOf(t.kind, messageKinds)),
    check('outbox_messages_channel_known', oneOf(t.channel, outboxChannels)),
    check('outbox_messages_status_known', oneOf(t.status, outboxStatuses)),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
