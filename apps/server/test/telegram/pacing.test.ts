import { endpoints } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmulatedSend,
  startTelegramEmulator,
  type TelegramEmulator,
} from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';
import { countTableRows, linkTelegram, moscowIn, postBody, queuedTo, settle } from './telegram-kit.js';

/**
 * Telegram's limits, kept by the shop itself: about 30 messages a second for the bot and one a second
 * to a person. The emulator here enforces them (answers 429 past them), so a send the shop paces
 * wrongly shows up as a refusal.
 */

const TOKEN = '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PER_SECOND = 30;
const MORE_SUBSCRIBERS = 40;

let emulator: TelegramEmulator;
let ctx: TestContext;
let admin: Headers;
let clients: { phone: string; headers: Headers; chatId: number }[];
let subscriberChats: number[];

beforeAll(async () => {
  emulator = await startTelegramEmulator({ enforceLimits: true, token: TOKEN });
  ctx = await createTestApp({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_URL: emulator.url,
    TELEGRAM_UPDATES: 'polling',
    TELEGRAM_MESSAGES_PER_SECOND: String(PER_SECOND),
  });
  admin = await signInAs(ctx.app, 'admin');
  clients = [];
  for (const name of ['Анна', 'Борис']) {
    const client = await signUpClient(ctx.app, newPhone());
    const headers = { authorization: client.authorization };
    const { userId } = await linkTelegram(ctx.app, headers, name, emulator);
    clients.push({ phone: client.phone, headers, chatId: userId });
  }
  // Forty more subscribers: people who pressed Start (the bot greets each), linked to accounts of their own.
  const people = Array.from({ length: MORE_SUBSCRIBERS }, (_, i) => emulator.addUser({ firstName: `Подписчик ${i}` }));
  for (const person of people) emulator.pressStart(person.id);
  await settle(ctx.app);
  await ctx.database.db.execute(sql`
    insert into telegram_links (user_id, phone, chat_id)
    select gen_random_uuid(), '7999' || lpad(n::text, 7, '0'), (${sql.raw(`array[${people.map((p) => p.id).join(',')}]::bigint[]`)})[n]
    from generate_series(1, ${MORE_SUBSCRIBERS}) n`);
  subscriberChats = [...clients.map((client) => client.chatId), ...people.map((person) => person.id)];
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await emulator?.close();
});

function forgotPassword(phone: string) {
  return call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
}

/** The most sends any window of one second holds. */
function busiestSecond(sends: readonly EmulatedSend[]): number {
  const times = sends.map((send) => send.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i += 1) {
    while (times[i]! - times[j]! >= 1000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** The shortest gap between two sends to one person, over every chat. */
function shortestGapPerChat(sends: readonly EmulatedSend[]): number {
  const byChat = new Map<string, number[]>();
  for (const send of sends) byChat.set(send.chatId, [...(byChat.get(send.chatId) ?? []), send.at]);
  let shortest = Number.POSITIVE_INFINITY;
  for (const times of byChat.values()) {
    times.sort((a, b) => a - b);
    for (let i = 1; i < times.length; i += 1) shortest = Math.min(shortest, times[i]! - times[i - 1]!);
  }
  return shortest;
}

describe('sending within Telegram’s limits', () => {
  it('several notifications to one person and a post to every subscriber at once: no 429, one a second a chat, 30 a second in all', async () => {
    const [client] = clients;
    for (let i = 0; i < 4; i += 1) expect((await forgotPassword(client!.phone)).statusCode).toBe(200);
    const text = 'Новая закупка: <b>всем подписчикам</b>';
    const created = await callUnchecked(ctx.app, endpoints.telegram.createPost, {
      headers: admin,
      body: postBody({ text, sendAt: moscowIn(0) }),
    });
    expect(created.statusCode, created.body).toBe(201);
    await ctx.app.jobs.makeDue('telegram.posts');
    await ctx.app.jobs.runDue();
    await ctx.app.areas.telegram.sender.drain();

    const resets = emulator.sentTo(client!.chatId).filter((send) => /ссылка для сброса пароля/.test(send.text ?? ''));
    expect(resets).toHaveLength(4);
    const posted = emulator.sent.filter((send) => send.text === text);
    expect(posted.map((send) => Number(send.chatId)).sort()).toEqual([...subscriberChats].sort());
    // Everything this app sent: the greetings, the link replies, the notifications and the post.
    expect(shortestGapPerChat(emulator.sent)).toBeGreaterThanOrEqual(1000);
    expect(busiestSecond(emulator.sent)).toBeLessThanOrEqual(PER_SECOND);
    // Counted since the app started: the greetings of the forty subscribers were a burst too.
    expect(emulator.rateLimited, 'sends refused with 429').toBe(0);
  });

  it('waits out retry_after of a 429 and then sends the message once', async () => {
    const client = clients[1]!;
    const before = emulator.sentTo(client.chatId).length;
    const rateLimitedBefore = emulator.rateLimited;
    emulator.failNext('sendMessage', { status: 429, retryAfter: 2 });
    const askedAt = Date.now();
    expect((await forgotPassword(client.phone)).statusCode).toBe(200);
    await ctx.app.areas.telegram.sender.drain();

    const sends = emulator.sentTo(client.chatId).slice(before);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.text).toMatch(/ссылка для сброса пароля/);
    expect(sends[0]!.at - askedAt).toBeGreaterThanOrEqual(2000);
    expect(sends[0]!.at - askedAt).toBeLessThan(4000);
    expect((await queuedTo(ctx, client.chatId)).at(-1)).toMatchObject({ kind: 'password_reset', status: 'sent', attempts: 2 });
    expect(emulator.rateLimited).toBe(rateLimitedBefore);
  });
});

describe('a shop with no channel configured', () => {
  it('refuses a post to the channel with 409 and writes nothing', async () => {
    const overview = await call(ctx.app, endpoints.telegram.overview, { headers: admin });
    expect(overview.json()).toMatchObject({ channel: null, mode: 'polling' });
    const before = await countTableRows(ctx, 'telegram_posts');
    const res = await callUnchecked(ctx.app, endpoints.telegram.createPost, { headers: admin, body: postBody({ toChannel: true }) });
    expectError(res, 409, { field: 'toChannel', message: /Канал магазина не настроен/ });
    expect(await countTableRows(ctx, 'telegram_posts')).toBe(before);
  });
});
