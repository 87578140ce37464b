import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { messageKinds, telegramPostStatuses, telegramRepeats } from '@vmeste/contract';
import { eachOneOf, oneOf } from '../../shared/one-of.schema.js';

/**
 * A person's chat with the bot. The phone is copied at linking (an account's phone never changes), so
 * the messenger finds the chat of a message without asking the accounts area on every send.
 */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    userId: uuid('user_id').primaryKey(),
    phone: text('phone').notNull(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    accountTitle: text('account_title'),
    mutedKinds: text('muted_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isBlocked: boolean('is_blocked').notNull().default(false),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('telegram_links_chat_idx').on(t.chatId),
    index('telegram_links_phone_idx').on(t.phone),
    check('telegram_links_muted_kinds_known', eachOneOf(t.mutedKinds, messageKinds)),
  ],
);
export type TelegramLinkRow = typeof telegramLinks.$inferSelect;

/** «Подключить Telegram» tokens: stored hashed, used once, live 15 minutes. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('telegram_link_tokens_user_idx').on(t.userId, t.createdAt)],
);

/** Linked, unlinked, blocked, unblocked: the subscribers chart is counted from these. */
const telegramLinkEventKinds = ['linked', 'unlinked', 'blocked', 'unblocked'] as const;
export const telegramLinkEvents = pgTable(
  'telegram_link_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    event: text('event', { enum: telegramLinkEventKinds }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_link_events_at_idx').on(t.at), check('telegram_link_events_event_known', oneOf(t.event, telegramLinkEventKinds))],
);

/** A post's picture; Telegram's file_id is kept after the first upload so later sends reuse it. */
export const telegramPictures = pgTable('telegram_pictures', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  fileId: text('file_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const telegramPosts = pgTable(
  'telegram_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    pictureId: uuid('picture_id').references(() => telegramPictures.id),
    buttonText: text('button_text'),
    buttonUrl: text('button_url'),
    toChannel: boolean('to_channel').notNull(),
    toSubscribers: boolean('to_subscribers').notNull(),
    /** The next occurrence (the last one once done). */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    repeat: text('repeat', { enum: telegramRepeats }).notNull(),
    repeatUntil: date('repeat_until', { mode: 'string' }),
    status: text('status', { enum: telegramPostStatuses }).notNull().default('scheduled'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('telegram_posts_due_idx').on(t.status, t.sendAt),
    check('telegram_posts_repeat_known', oneOf(t.repeat, telegramRepeats)),
    check('telegram_posts_status_known', oneOf(t.status, telegramPostStatuses)),
  ],
);
export type TelegramPostRow = typeof telegramPosts.$inferSelect;

/** One occurrence of a post going out; unique per planned time, so a fan-out happens once. */
export const telegramRuns = pgTable(
  'telegram_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id').references(() => telegramPosts.id),
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    recipients: integer('recipients').notNull().default(0),
    excerpt: text('excerpt').notNull(),
  },
  (t) => [uniqueIndex('telegram_runs_post_planned_idx').on(t.postId, t.plannedAt), index('telegram_runs_started_idx').on(t.startedAt)],
);

export const telegramMessageStatuses = ['pending', 'sending', 'sent', 'blocked', 'failed', 'unconfirmed'] as const;
export type TelegramMessageStatus = (typeof telegramMessageStatuses)[number];
const telegramMessagePurposes = ['notification', 'reply', 'test', 'post'] as const;
const telegramKeyboards = ['request_contact', 'remove'] as const;

/**
 * Every message the bot is to send, sent or gave up on: the one queue of notifications, replies and
 * posts. A row is claimed (`sending`, with a lease) in a committed statement before its request goes
 * out, so a second instance never sends it again (docs/decisions/020).
 */
export const telegramMessages = pgTable(
  'telegram_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A private chat's id, or the channel's `@name` / `-100…` id. */
    chatId: text('chat_id').notNull(),
    purpose: text('purpose', { enum: telegramMessagePurposes }).notNull(),
    /** Lower goes first: codes and replies are not stuck behind a post to every subscriber. */
    priority: smallint('priority').notNull(),
    runId: uuid('run_id').references(() => telegramRuns.id),
    kind: text('kind', { enum: messageKinds }),
    phone: text('phone'),
    html: text('html').notNull(),
    /** A notification's text as the SMS would carry it, for the fallback when Telegram refuses. */
    fallbackText: text('fallback_text'),
    /** A code or a link token in the text; taken out of the stored copy once sent. */
    secret: text('secret'),
    pictureId: uuid('picture_id').references(() => telegramPictures.id),
    buttonText: text('button_text'),
    buttonUrl: text('button_url'),
    keyboard: text('keyboard', { enum: telegramKeyboards }),
    status: text('status', { enum: telegramMessageStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    telegramMessageId: bigint('telegram_message_id', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('telegram_messages_run_chat_idx').on(t.runId, t.chatId),
    index('telegram_messages_queue_idx')
      .on(t.priority, t.id)
      .where(sql`status = 'pending'`),
    index('telegram_messages_sending_idx')
      .on(t.claimedUntil)
      .where(sql`status = 'sending'`),
    index('telegram_messages_finished_idx').on(t.finishedAt),
    check('telegram_messages_purpose_known', oneOf(t.purpose, telegramMessagePurposes)),
    check('telegram_messages_kind_known', oneOf(t.kind, messageKinds)),
    check('telegram_messages_keyboard_known', oneOf(t.keyboard, telegramKeyboards)),
    check('telegram_messages_status_known', oneOf(t.status, telegramMessageStatuses)),
  ],
);
export type TelegramMessageRow = typeof telegramMessages.$inferSelect;

/** When a chat may get its next message: 1 a second to a person, 20 a minute to the channel. */
export const telegramChatPace = pgTable('telegram_chat_pace', {
  chatId: text('chat_id').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/**
 * One row: the shared budget of messages per second (a token bucket every instance draws from), a
 * pause Telegram asked for with 429, who polls for updates and from which update, and the webhook's secret.
 */
export const telegramState = pgTable('telegram_state', {
  id: smallint('id').primaryKey(),
  budgetTokens: doublePrecision('budget_tokens').notNull().default(0),
  budgetAt: timestamp('budget_at', { withTimezone: true }).notNull().defaultNow(),
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
  pollerId: text('poller_id'),
  pollerUntil: timestamp('poller_until', { withTimezone: true }),
  /**
   * What Telegram sends in X-Telegram-Bot-Api-Secret-Token: random, made once per installation on first
   * use (webhook-secret.ts), so no public value (the token's absence, the bot's name) gives it away.
   */
  webhookSecret: text('webhook_secret'),
});

/** Updates already handled: Telegram repeats a webhook call that did not answer 2xx. */
export const telegramUpdates = pgTable('telegram_updates', {
  updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
