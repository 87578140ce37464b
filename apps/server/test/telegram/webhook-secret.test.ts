import { endpoints } from '@vmeste/contract';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { startTelegramEmulator, type TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { countTableRows } from './telegram-kit.js';
import { call } from '../fixtures/requests.js';

/**
 * The webhook's secret is random per installation, made once and kept in the database: two shops
 * with the same bot token have different secrets, and nothing public (the token, the bot's name)
 * gives it away. setWebhook hands it to Telegram, and the webhook takes only updates carrying it.
 */

const TOKEN = '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ';

let emulator: TelegramEmulator;
let first: TestContext;
let second: TestContext;

function shopEnv(): Record<string, string> {
  return { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: emulator.url, TELEGRAM_UPDATES: 'webhook', PUBLIC_URL: 'https://shop.example.ru' };
}

beforeAll(async () => {
  emulator = await startTelegramEmulator({ token: TOKEN });
  first = await createTestApp(shopEnv());
  second = await createTestApp(shopEnv());
}, 60_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await emulator?.close();
});

function postUpdate(app: FastifyInstance, secret: string) {
  return call(app, endpoints.telegram.webhook, {
    headers: { 'x-telegram-bot-api-secret-token': secret },
    body: {
      update_id: 7,
      message: { message_id: 1, from: { id: 9, is_bot: false, first_name: 'A' }, chat: { id: 9, type: 'private' }, text: 'hi' },
    },
  });
}

describe('the webhook secret', () => {
  it('is random: two installations with one bot token have different secrets, neither derived from the token', async () => {
    const a = await first.app.areas.telegram.webhookSecret();
    const b = await second.app.areas.telegram.webhookSecret();
    for (const secret of [a, b]) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    // What the shop used to send: a hash of the token (public in effect when the token is the emulator's).
    const derived = createHash('sha256').update(`vmeste-webhook:${TOKEN}`).digest('base64url');
    expect([a, b]).not.toContain(derived);
    expectError(await postUpdate(first.app, derived), 403, { message: /секретный токен Telegram/ });
    expectError(await postUpdate(first.app, b), 403);
    expect(await countTableRows(first, 'telegram_updates')).toBe(0);
  });

  it('is kept: another instance of the same shop (and a restart) reads the same secret', async () => {
    const other = await buildApp(first.config, { database: first.database, logger: false });
    try {
      expect(await other.areas.telegram.webhookSecret()).toBe(await first.app.areas.telegram.webhookSecret());
    } finally {
      await other.close();
    }
  });

  it('goes to Telegram with setWebhook, and an update carrying it is taken', async () => {
    const secret = await first.app.areas.telegram.webhookSecret();
    first.app.areas.telegram.start();
    const deadline = Date.now() + 5000;
    while (!emulator.webhook && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(emulator.webhook).toMatchObject({ url: 'https://shop.example.ru/api/telegram/webhook', secretToken: secret });

    const res = await postUpdate(first.app, secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(await countTableRows(first, 'telegram_updates')).toBe(1);
  });
});
