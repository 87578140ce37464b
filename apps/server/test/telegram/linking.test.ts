import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import { emulatorOf, linkTelegram, settle, startToken, textsTo } from './telegram-kit.js';
import { call, callUnchecked } from '../fixtures/requests.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('linking Telegram from the profile', () => {
  it('links the chat that pressed Start with a fresh token, and the bot says so', async () => {
    const headers = await signInAs(ctx.app, 'client');
    const started = await call(ctx.app, endpoints.telegram.startLink, { headers });
    expect(started.statusCode, started.body).toBe(201);
    const body = started.json<{ url: string; expiresAt: string; isEmulator: boolean }>();
    expect(body.isEmulator).toBe(true);
    expect(body.url).toMatch(/^\/telegram-emulator\/\?start=[A-Za-z0-9_-]{32}$/);
    const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    const emulator = await emulatorOf(ctx.app);
    const user = emulator.addUser({ firstName: 'Мария', username: 'maria_shop' });
    emulator.pressStart(user.id, startToken(body.url));
    await settle(ctx.app);

    const link = await call(ctx.app, endpoints.telegram.link, { headers });
    expect(link.json()).toMatchObject({ isLinked: true, accountTitle: '@maria_shop', isBlocked: false, mutedKinds: [] });
    expect(textsTo(emulator, user.id).at(-1)).toMatch(/Telegram подключён к аккаунту/);
  });

  it('refuses a reused token and an expired one, and links nothing', async () => {
    const phone = newPhone();
    const { authorization } = await signUpClient(ctx.app, phone);
    const headers = { authorization };
    const emulator = await emulatorOf(ctx.app);
    const started = await call(ctx.app, endpoints.telegram.startLink, { headers });
    const token = startToken(started.json<{ url: string }>().url);

    const first = emulator.addUser({ firstName: 'Первый' });
    emulator.pressStart(first.id, token);
    await settle(ctx.app);
    const stranger = emulator.addUser({ firstName: 'Чужой' });
    emulator.pressStart(stranger.id, token);
    await settle(ctx.app);
    expect(textsTo(emulator, stranger.id).at(-1)).toMatch(/устарела или уже использована/);
    const link = await call(ctx.app, endpoints.telegram.link, { headers });
    expect(link.json<{ accountTitle: string }>().accountTitle).toBe('Первый');

    const again = await call(ctx.app, endpoints.telegram.startLink, { headers });
    const late = startToken(again.json<{ url: string }>().url);
    await ctx.database.db.execute(
      // Sixteen minutes later: the token's lifetime is fifteen.
      (await import('drizzle-orm')).sql`update telegram_link_tokens set expires_at = now() - interval '1 minute' where used_at is null`,
    );
    const other = emulator.addUser({ firstName: 'Опоздавший' });
    emulator.pressStart(other.id, late);
    await settle(ctx.app);
    expect(textsTo(emulator, other.id).at(-1)).toMatch(/устарела или уже использована/);
    const still = await call(ctx.app, endpoints.telegram.link, { headers });
    expect(still.json<{ accountTitle: string }>().accountTitle).toBe('Первый');
  });

  it('unlinks, and a guest cannot link', async () => {
    const { authorization } = await signUpClient(ctx.app, newPhone());
    const headers = { authorization };
    await linkTelegram(ctx.app, headers);
    const unlinked = await call(ctx.app, endpoints.telegram.unlink, { headers });
    expect(unlinked.json()).toMatchObject({ isLinked: false });
    expectError(await call(ctx.app, endpoints.telegram.startLink), 401);
  });

  it('switches kinds off but never codes', async () => {
    const { authorization } = await signUpClient(ctx.app, newPhone());
    const headers = { authorization };
    await linkTelegram(ctx.app, headers);
    const muted = await call(ctx.app, endpoints.telegram.updatePreferences, {
      headers,
      body: { mutedKinds: ['goods_arrived', 'bonus_expiring'] },
    });
    expect(muted.json<{ mutedKinds: string[] }>().mutedKinds).toEqual(['goods_arrived', 'bonus_expiring']);
    expectError(
      await callUnchecked(ctx.app, endpoints.telegram.updatePreferences, { headers, body: { mutedKinds: ['activation_code'] } }),
      400,
    );
  });
});
