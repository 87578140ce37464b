import { endpoints } from '@vmeste/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as EmulatorModule from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';
import { countTableRows, outboxOf, pngBytes, postBody, uploadPicture } from './telegram-kit.js';

/**
 * A production start without TELEGRAM_BOT_TOKEN has no Telegram at all: no emulator (its token is
 * public, and its pages would show anyone the bot's codes), no webhook to forge updates into, no
 * linking; every message goes by SMS and the rest of the shop works as before.
 */

const emulatorStarts = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/integrations/telegram/emulator/telegram-emulator.js', async (original) => {
  const module = await original<typeof EmulatorModule>();
  return {
    ...module,
    startTelegramEmulator: (...args: Parameters<typeof module.startTelegramEmulator>) => {
      emulatorStarts.count += 1;
      return module.startTelegramEmulator(...args);
    },
  };
});

let ctx: TestContext;
let admin: Headers;

beforeAll(async () => {
  ctx = await createTestApp({ NODE_ENV: 'production' });
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

/** «Telegram не подключён» as 503: the shop works, only this part of it is not set up. */
function expectTelegramOff(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'Telegram не подключён: в магазине не настроен бот',
  });
}

describe('production without a bot token', () => {
  it('starts no emulator and says so in one line for the start-up summary', async () => {
    expect(ctx.config.telegram.mode).toBe('off');
    expect(await ctx.app.areas.telegram.connection.emulator()).toBeNull();
    ctx.app.areas.telegram.start();
    expect(emulatorStarts.count).toBe(0);
    expect(ctx.app.areas.telegram.serviceState()).toEqual({
      service: 'Telegram',
      mode: 'off',
      detail: 'нет TELEGRAM_BOT_TOKEN: уведомления уходят по СМС',
    });
  });

  it('has no webhook: any update, with any secret header, is 404 and changes nothing', async () => {
    const update = {
      update_id: 1,
      message: { message_id: 1, from: { id: 5, is_bot: false, first_name: 'A' }, chat: { id: 5, type: 'private' }, text: '/start' },
    };
    for (const headers of [{}, { 'x-telegram-bot-api-secret-token': 'x'.repeat(43) }]) {
      const res = await call(ctx.app, endpoints.telegram.webhook, { headers, body: update });
      expectError(res, 404);
    }
    // Not even a body the API's input guard would refuse tells that a webhook is there.
    const withNul = { ...update, message: { ...update.message, text: '/start\u0000' } };
    expectError(await call(ctx.app, endpoints.telegram.webhook, { body: withNul }), 404);
    expect(await countTableRows(ctx, 'telegram_updates')).toBe(0);
    expect(await countTableRows(ctx, 'telegram_messages')).toBe(0);
  });

  it('has no emulator pages, even for the machine itself', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const page = await ctx.app.inject({ method: 'GET', url: '/telegram-emulator/?start=x', remoteAddress });
      expect(page.body).not.toContain('Эмулятор');
      expect(page.headers['set-cookie']).toBeUndefined();
      const block = await ctx.app.inject({ method: 'POST', url: '/telegram-emulator/block', remoteAddress });
      expect(block.statusCode).toBe(404);
    }
  });

  it('tells the web app Telegram is off, so the profile offers no «Подключить Telegram»', async () => {
    const res = await call(ctx.app, endpoints.system.publicSettings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isTelegramEnabled: false });
  });

  it('refuses linking, the scheduler and pictures with «Telegram не подключён», and leaves the rest answering', async () => {
    const client = await signUpClient(ctx.app, newPhone());
    const clientHeaders = { authorization: client.authorization };
    expectTelegramOff(await call(ctx.app, endpoints.telegram.startLink, { headers: clientHeaders }));
    expect(await countTableRows(ctx, 'telegram_links')).toBe(0);

    expectTelegramOff(await call(ctx.app, endpoints.telegram.overview, { headers: admin }));
    expectTelegramOff(await callUnchecked(ctx.app, endpoints.telegram.createPost, { headers: admin, body: postBody() }));
    expectTelegramOff(await call(ctx.app, endpoints.telegram.testPost, { headers: admin, body: { text: 'Проба' } }));
    expectTelegramOff(await uploadPicture(ctx.app, admin, await pngBytes()));
    expect(await countTableRows(ctx, 'telegram_posts')).toBe(0);

    // Reading what there is still works: the profile's card and the admin's lists.
    const link = await call(ctx.app, endpoints.telegram.link, { headers: clientHeaders });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({ isLinked: false });
    const posts = await call(ctx.app, endpoints.telegram.listPosts, { headers: admin });
    expect(posts.json()).toEqual({ items: [], total: 0 });
  });

  it('sends a person linked before Telegram was switched off everything by SMS', async () => {
    const phone = newPhone();
    await signUpClient(ctx.app, phone);
    // A chat linked while the shop still had a bot.
    await ctx.app.areas.telegram.demo.seed({ chats: [{ phone, chatId: 5_200_000_001, accountTitle: '@old_chat' }], posts: [] });
    expect(await countTableRows(ctx, 'telegram_links')).toBe(1);

    await ctx.app.areas.messaging.messenger.send({ phone, kind: 'goods_arrived', text: 'Вместе: товар поступил на склад', secret: '' });
    const rows = await outboxOf(ctx, phone, 'goods_arrived');
    expect(rows.map((row) => row.channel)).toEqual(['outbox']);
    expect(await countTableRows(ctx, 'telegram_messages')).toBe(0);
  });

  it('runs no Telegram jobs', () => {
    expect(ctx.app.areas.telegram.jobs).toEqual([]);
    expect(ctx.app.areas.jobs.map((job) => job.name).filter((name) => name.startsWith('telegram.'))).toEqual([]);
  });
});
