import { endpoints, type MessageKind, moscowLocalOf, type TelegramPost } from '@vmeste/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { outboxMessages } from '../../src/tables.js';
import type { TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import type { TestContext } from '../fixtures/app.js';
import { type Headers, multipart, call, callUnchecked } from '../fixtures/requests.js';

/** The app's built-in Telegram emulator (the test apps run without a bot token). */
export async function emulatorOf(app: FastifyInstance): Promise<TelegramEmulator> {
  const emulator = await app.areas.telegram.connection.emulator();
  if (!emulator) throw new Error('the test app runs on a real Telegram token');
  return emulator;
}

/** Lets the bot take every update the emulator holds, then sends everything queued. */
export async function settle(app: FastifyInstance): Promise<void> {
  const { polling, sender } = app.areas.telegram;
  await polling.pollOnce(0);
  // Messages written by the shop's changes wait for the delivery job; the test runs it here.
  await app.areas.messaging.messenger.deliverDue();
  await sender.drain();
}

export function startToken(url: string): string {
  const token = /start=([A-Za-z0-9_-]+)/.exec(url)?.[1];
  expect(token, url).toBeTruthy();
  return token!;
}

/**
 * «Подключить Telegram» as the signed-in person, and a new emulated Telegram user pressing Start.
 * `emulator` is for apps that talk to an emulator of the test's own (with a bot token).
 */
export async function linkTelegram(
  app: FastifyInstance,
  headers: Headers,
  firstName = 'Мария',
  emulator?: TelegramEmulator,
): Promise<{ userId: number; chatId: string }> {
  const telegram = emulator ?? (await emulatorOf(app));
  const started = await call(app, endpoints.telegram.startLink, { headers });
  expect(started.statusCode, started.body).toBe(201);
  const user = telegram.addUser({ firstName, username: `user${Date.now()}${Math.floor(Math.random() * 1000)}` });
  telegram.pressStart(user.id, startToken(started.json<{ url: string }>().url));
  await settle(app);
  const link = await call(app, endpoints.telegram.link, { headers });
  expect(link.json<{ isLinked: boolean }>().isLinked, link.body).toBe(true);
  return { userId: user.id, chatId: String(user.id) };
}

/** Texts the bot sent to a chat, in order (captions for pictures). */
export function textsTo(emulator: TelegramEmulator, chatId: string | number): string[] {
  return emulator.sentTo(chatId).map((send) => send.text ?? send.caption ?? '');
}

/** The person's Telegram link as the profile shows it. */
export async function linkOf(
  app: FastifyInstance,
  headers: Headers,
): Promise<{ isLinked: boolean; isBlocked: boolean; mutedKinds: string[] }> {
  const res = await call(app, endpoints.telegram.link, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every outbox row of a phone (what went by SMS, the outbox or Telegram), oldest first, optionally of one kind. */
export async function outboxOf(ctx: TestContext, phone: string, kind?: MessageKind) {
  const rows = await ctx.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.phone, phone))
    .orderBy(asc(outboxMessages.createdAt));
  return rows.filter((row) => !kind || row.kind === kind);
}

export type QueuedMessage = {
  id: number;
  chat_id: string;
  purpose: string;
  status: string;
  attempts: number;
  html: string;
  secret: string | null;
  error: string | null;
  kind: string | null;
};

/** The bot's queue rows to a chat, oldest first. */
export async function queuedTo(ctx: TestContext, chatId: string | number): Promise<QueuedMessage[]> {
  return rowsOf<QueuedMessage>(
    await ctx.database.db.execute(
      sql`select id::int as id, chat_id, purpose, status, attempts, html, secret, error, kind from telegram_messages where chat_id = ${String(chatId)} order by id`,
    ),
  );
}

export async function countTableRows(
  ctx: TestContext,
  table: 'telegram_posts' | 'telegram_messages' | 'telegram_runs' | 'telegram_links' | 'telegram_updates' | 'telegram_pictures',
) {
  return rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
}

/**
 * Forgets when each chat may get its next message, so a test does not wait out the pace the previous
 * one left (1 s a person, 3 s the channel). Only for tests that do not check the pacing itself.
 */
export async function forgetPacing(ctx: TestContext): Promise<void> {
  await ctx.database.db.execute(sql`delete from telegram_chat_pace`);
}

/** The scheduler's turn as the background runner would take it, then the queue sent. */
export async function runPostsJob(app: FastifyInstance): Promise<void> {
  await app.jobs.makeDue('telegram.posts');
  await app.jobs.runDue();
  await app.areas.telegram.sender.drain();
}

/** Now on a Moscow wall clock, to the minute (`YYYY-MM-DDTHH:mm`), shifted by `minutes`. */
export function moscowIn(minutes = 0): string {
  return moscowLocalOf(new Date(Date.now() + minutes * 60_000));
}

export function postBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { text: '<b>Новая закупка</b> открыта', sendAt: '2030-06-15T18:30', toSubscribers: true, toChannel: false, ...overrides };
}

export async function createPost(app: FastifyInstance, admin: Headers, overrides: Record<string, unknown> = {}): Promise<TelegramPost> {
  const res = await callUnchecked(app, endpoints.telegram.createPost, { headers: admin, body: postBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TelegramPost>();
}

export async function listedPost(app: FastifyInstance, admin: Headers, id: string): Promise<TelegramPost> {
  const res = await call(app, endpoints.telegram.listPosts, { query: { pageSize: '100' }, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  const found = res.json<{ items: TelegramPost[] }>().items.find((post) => post.id === id);
  expect(found, `post ${id} in the list`).toBeDefined();
  return found!;
}

/** A real 10×10 PNG. */
export function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
}

export function uploadPicture(
  app: FastifyInstance,
  admin: Headers,
  content: Buffer | string,
  filename = 'картинка.png',
  type = 'image/png',
) {
  const body = multipart('file', content, filename, type);
  return call(app, endpoints.telegram.uploadPicture, { headers: admin, form: body });
}

/** Posts a body to the webhook as Telegram would, with the installation's secret; `raw` is sent as it is. */
export async function postToWebhook(app: FastifyInstance, update: unknown, { raw = false } = {}) {
  return call(app, endpoints.telegram.webhook, {
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': await app.areas.telegram.webhookSecret() },
    body: raw ? String(update) : JSON.stringify(update),
  });
}

/** The chat an account is linked to, straight from the table (null when none). */
export async function linkedChatOf(ctx: TestContext, userId: string): Promise<number | null> {
  const rows = rowsOf<{ chat_id: string }>(
    await ctx.database.db.execute(sql`select chat_id::text as chat_id from telegram_links where user_id = ${userId}`),
  );
  return rows[0] ? Number(rows[0].chat_id) : null;
}
