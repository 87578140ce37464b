import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import { countTableRows, emulatorOf, linkOf, queuedTo, startToken, textsTo } from './telegram-kit.js';

/**
 * Telegram posts updates to /api/telegram/webhook with the secret the shop gave it at setWebhook; the
 * shop takes only those, and each update_id once (Telegram repeats a call that did not answer 2xx).
 */

let ctx: TestContext;
let emulator: TelegramEmulator;
let secret: string;
let nextUpdateId = 900_000_000;

beforeAll(async () => {
  ctx = await createTestApp();
  emulator = await emulatorOf(ctx.app);
  secret = await ctx.app.areas.telegram.webhookSecret();
});
afterAll(() => ctx.close());

/** A client who pressed «Подключить Telegram», and the emulated person whose chat with the bot is open. */
async function clientWithLinkToken(): Promise<{ headers: Headers; token: string; userId: number }> {
  const client = await signUpClient(ctx.app, newPhone());
  const headers = { authorization: client.authorization };
  const started = await call(ctx.app, endpoints.telegram.startLink, { headers });
  expect(started.statusCode, started.body).toBe(201);
  const person = emulator.addUser({ firstName: 'Мария', username: `maria${Date.now()}` });
  // Opens the chat in the emulator, so the bot may answer there; this update is never polled.
  emulator.pressStart(person.id);
  return { headers, token: startToken(started.json<{ url: string }>().url), userId: person.id };
}

function startUpdate(userId: number, token: string, updateId = (nextUpdateId += 1)) {
  const from = { id: userId, is_bot: false, first_name: 'Мария', username: 'maria_web' };
  return {
    update_id: updateId,
    message: {
      message_id: 7,
      from,
      chat: { id: userId, type: 'private', first_name: 'Мария', username: 'maria_web' },
      date: Math.floor(Date.now() / 1000),
      text: `/start ${token}`,
      entities: [{ offset: 0, length: 6, type: 'bot_command' }],
    },
  };
}

function postUpdate(update: unknown, headerSecret: string | null) {
  return call(ctx.app, endpoints.telegram.webhook, {
    headers: {
      'content-type': 'application/json',
      ...(headerSecret === null ? {} : { 'x-telegram-bot-api-secret-token': headerSecret }),
    },
    body: JSON.stringify(update),
  });
}

describe('the webhook', () => {
  it('takes a /start update with the right secret and links the chat', async () => {
    const { headers, token, userId } = await clientWithLinkToken();
    const res = await postUpdate(startUpdate(userId, token), secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: true, isBlocked: false, accountTitle: '@maria_web' });
    await ctx.app.areas.telegram.sender.drain();
    expect(textsTo(emulator, userId)).toHaveLength(1);
    expect(textsTo(emulator, userId)[0]).toMatch(/Telegram подключён к аккаунту/);
  });

  it.each([
    ['a wrong secret', 'x'.repeat(43)],
    ['the secret of another installation', randomBytes(32).toString('base64url')],
    ['an empty secret', ''],
    ['no secret', null],
  ])('refuses %s with 403 and does nothing', async (_what, headerSecret) => {
    const { headers, token, userId } = await clientWithLinkToken();
    const update = startUpdate(userId, token);
    const updatesBefore = await countTableRows(ctx, 'telegram_updates');
    expectError(await postUpdate(update, headerSecret), 403, { message: /секретный токен Telegram/ });
    expect(await countTableRows(ctx, 'telegram_updates')).toBe(updatesBefore);
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: false });
    expect(await queuedTo(ctx, userId)).toEqual([]);

    // The token is not spent: the same update with the right secret links the chat.
    expect((await postUpdate(update, secret)).statusCode).toBe(200);
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: true });
  });

  it('handles an update_id once, however many times Telegram repeats it', async () => {
    const { headers, token, userId } = await clientWithLinkToken();
    const update = startUpdate(userId, token);
    for (let i = 0; i < 3; i += 1) {
      const res = await postUpdate(update, secret);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: true });
    await ctx.app.areas.telegram.sender.drain();
    expect(await queuedTo(ctx, userId)).toHaveLength(1);
    expect(textsTo(emulator, userId)).toHaveLength(1);
    expect(textsTo(emulator, userId)[0]).toMatch(/Telegram подключён к аккаунту/);

    // A new update_id with the spent token is a new update: the bot says the link is used.
    expect((await postUpdate(startUpdate(userId, token), secret)).statusCode).toBe(200);
    await ctx.app.areas.telegram.sender.drain();
    expect(textsTo(emulator, userId)).toHaveLength(2);
    expect(textsTo(emulator, userId)[1]).toMatch(/устарела или уже использована/);
  });

  it('refuses a body that is not an update without the secret as it refuses any other: 403, telling nothing of the format', async () => {
    expectError(await postUpdate({ message: { text: '/start' } }, null), 403, { message: /секретный токен Telegram/ });
    expectError(await postUpdate('not an update', 'x'.repeat(43)), 403, { message: /секретный токен Telegram/ });
  });
});

describe('Telegram delivering to the webhook', () => {
  it('links the chat when the emulator posts the update to the listening shop with the secret', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const api = await ctx.app.areas.telegram.connection.api();
    await api.setWebhook({ url: `${address}/api/telegram/webhook`, secretToken: secret, allowedUpdates: ['message', 'my_chat_member'] });
    try {
      const client = await signUpClient(ctx.app, newPhone());
      const headers = { authorization: client.authorization };
      const started = await call(ctx.app, endpoints.telegram.startLink, { headers });
      const person = emulator.addUser({ firstName: 'Пётр', username: `petr${Date.now()}` });
      emulator.pressStart(person.id, startToken(started.json<{ url: string }>().url));
      await emulator.waitForDelivery(5000);
      expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: true });
      await ctx.app.areas.telegram.sender.drain();
      expect(textsTo(emulator, person.id).at(-1)).toMatch(/Telegram подключён к аккаунту/);
    } finally {
      await api.deleteWebhook();
    }
  });
});
