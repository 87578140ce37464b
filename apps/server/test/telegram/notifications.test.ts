import { escapeTelegramHtml, endpoints } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { ageActivationCode, activationCodeOf, confirmAccount, newPhone, resetLinkIdOf, signUpClient } from '../fixtures/accounts-kit.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { goods, paySandbox, purchaseWithOrders } from '../fixtures/payments-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import { emulatorOf, forgetPacing, linkOf, linkTelegram, outboxOf, queuedTo, settle, textsTo } from './telegram-kit.js';

/**
 * A linked person's notifications go to Telegram instead of SMS, each recorded in the outbox as a
 * Telegram message; when Telegram refuses (blocked, a bad request) the same text goes by SMS.
 */

let ctx: TestContext;
let emulator: TelegramEmulator;
let admin: Headers;

beforeAll(async () => {
  ctx = await createTestApp();
  emulator = await emulatorOf(ctx.app);
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

/** A fresh client with Telegram linked; `confirmed` confirms the account first (by the SMS code). */
async function linkedClient(options: { confirmed?: boolean } = {}) {
  const client = await signUpClient(ctx.app, newPhone());
  const headers = { authorization: client.authorization };
  if (options.confirmed) await confirmAccount(ctx.app, client.phone, headers);
  const { userId } = await linkTelegram(ctx.app, headers);
  return { ...client, headers, userId };
}

function forgotPassword(phone: string) {
  return call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
}

/** A payable order of `phone` paid through the sandbox by the client: the shop sends payment_succeeded. */
async function paidOrder(phone: string, headers: Headers): Promise<number> {
  const { orders } = await purchaseWithOrders(ctx.app, admin, { orders: [{ phone, lines: goods(150_000, 'Комбинезон') }] });
  const payment = await paySandbox(ctx.app, headers, [orders[0]!.id]);
  expect(payment.status).toBe('succeeded');
  return payment.number;
}

const channelsOf = (rows: { channel: string | null; status: string }[]) => rows.map((row) => `${row.channel}/${row.status}`);

describe('a linked client gets notifications in Telegram, not by SMS', () => {
  it('an activation code asked for after linking comes to Telegram and confirms the account', async () => {
    const { phone, headers, userId } = await linkedClient();
    // The sign-up's code went by SMS (there was no Telegram yet).
    expect(channelsOf(await outboxOf(ctx, phone, 'activation_code'))).toEqual(['outbox/logged']);

    await ageActivationCode(ctx, phone, 61);
    const send = await call(ctx.app, endpoints.auth.sendActivationCode, { headers });
    expect(send.statusCode, send.body).toBe(200);
    await settle(ctx.app);

    const texts = textsTo(emulator, userId);
    expect(texts.at(-1)).toMatch(/^Вместе: код подтверждения \d{6}\. Никому его не сообщайте\.$/);
    const code = activationCodeOf(texts.at(-1)!);
    const rows = await outboxOf(ctx, phone, 'activation_code');
    expect(channelsOf(rows)).toEqual(['outbox/logged', 'telegram/sent']);
    expect(rows[1]!.text).toBe(texts.at(-1));
    // The queue keeps no code once it is delivered.
    const queued = (await queuedTo(ctx, userId)).filter((row) => row.kind === 'activation_code');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'sent', secret: null });
    expect(queued[0]!.html).not.toContain(code);
    expect(queued[0]!.html).toContain('•••');

    const confirmed = await call(ctx.app, endpoints.auth.confirmActivation, { headers, body: { code } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const me = await call(ctx.app, endpoints.users.me, { headers });
    expect(me.json<{ isConfirmedAccount: boolean }>().isConfirmedAccount).toBe(true);
  });

  it('a password reset link comes to Telegram', async () => {
    const { phone, userId } = await linkedClient({ confirmed: true });
    const before = emulator.sentTo(userId).length;
    expect((await forgotPassword(phone)).statusCode).toBe(200);
    await settle(ctx.app);

    const texts = textsTo(emulator, userId);
    expect(texts).toHaveLength(before + 1);
    expect(texts.at(-1)).toMatch(/^Вместе: ссылка для сброса пароля \S+\/reset-password\/[A-Za-z0-9_-]{40,} \(действует 1 час\)/);
    const rows = await outboxOf(ctx, phone, 'password_reset');
    expect(channelsOf(rows)).toEqual(['telegram/sent']);
    expect(rows[0]!.text).toBe(texts.at(-1));
    // The link in the message works.
    const id = resetLinkIdOf(texts.at(-1)!);
    const reset = await call(ctx.app, endpoints.auth.resetPassword, { body: { id, password: 'telegram-pass-1' } });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('a payment confirmed by the provider is told in Telegram', async () => {
    const { phone, headers, userId } = await linkedClient({ confirmed: true });
    const number = await paidOrder(phone, headers);
    await settle(ctx.app);

    const rows = await outboxOf(ctx, phone, 'payment_succeeded');
    expect(channelsOf(rows)).toEqual(['telegram/sent']);
    expect(rows[0]!.text).toContain(`платёж №${number}`);
    expect(textsTo(emulator, userId).at(-1)).toBe(escapeTelegramHtml(rows[0]!.text));
    // Nothing of this client's went by SMS after the link.
    expect((await outboxOf(ctx, phone)).filter((row) => row.channel !== 'telegram').map((row) => row.kind)).toEqual(['activation_code']);
  });
});

describe('when Telegram refuses, the message goes by SMS', () => {
  it('a client who blocked the bot gets the message by SMS, then only by SMS, until they unblock it', async () => {
    const { phone, headers, userId } = await linkedClient({ confirmed: true });
    const before = emulator.sentTo(userId).length;
    emulator.block(userId);

    // The shop has not heard of the block yet: Telegram answers 403 to the send.
    expect((await forgotPassword(phone)).statusCode).toBe(200);
    await ctx.app.areas.telegram.sender.drain();
    expect(emulator.sentTo(userId)).toHaveLength(before);
    let rows = await outboxOf(ctx, phone, 'password_reset');
    expect(channelsOf(rows)).toEqual(['telegram/failed', 'outbox/logged']);
    expect(rows[0]!.error).toMatch(/bot was blocked by the user/);
    expect(rows[1]!.text).toBe(rows[0]!.text);
    expect(rows[1]!.text).toMatch(/reset-password\/[A-Za-z0-9_-]{40,}/);
    const queued = await queuedTo(ctx, userId);
    expect(queued.at(-1)).toMatchObject({ kind: 'password_reset', status: 'blocked', secret: null });
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: true, isBlocked: true });

    // From now on SMS directly: nothing is queued for Telegram.
    await settle(ctx.app);
    expect((await forgotPassword(phone)).statusCode).toBe(200);
    await settle(ctx.app);
    rows = await outboxOf(ctx, phone, 'password_reset');
    expect(channelsOf(rows)).toEqual(['telegram/failed', 'outbox/logged', 'outbox/logged']);
    expect(await queuedTo(ctx, userId)).toHaveLength(queued.length);
    expect(emulator.sentTo(userId)).toHaveLength(before);

    // Unblocking (Telegram's my_chat_member) brings Telegram back.
    emulator.unblock(userId);
    await settle(ctx.app);
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: true, isBlocked: false });
    expect((await forgotPassword(phone)).statusCode).toBe(200);
    await settle(ctx.app);
    rows = await outboxOf(ctx, phone, 'password_reset');
    expect(channelsOf(rows)).toEqual(['telegram/failed', 'outbox/logged', 'outbox/logged', 'telegram/sent']);
    expect(textsTo(emulator, userId)).toHaveLength(before + 1);
    expect(textsTo(emulator, userId).at(-1)).toBe(rows[3]!.text);
  });

  it('the block told by my_chat_member before any send sends the message by SMS without trying Telegram', async () => {
    const { phone, headers, userId } = await linkedClient({ confirmed: true });
    const queuedBefore = (await queuedTo(ctx, userId)).length;
    emulator.block(userId);
    await settle(ctx.app);
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isBlocked: true });
    expect((await forgotPassword(phone)).statusCode).toBe(200);
    await settle(ctx.app);
    expect(channelsOf(await outboxOf(ctx, phone, 'password_reset'))).toEqual(['outbox/logged']);
    expect(await queuedTo(ctx, userId)).toHaveLength(queuedBefore);
  });

  it('a deleted Telegram account (403 «user is deactivated») is treated as a block: SMS, and the link is blocked', async () => {
    const { phone, headers, userId } = await linkedClient({ confirmed: true });
    const before = emulator.sentTo(userId).length;
    emulator.deactivate(userId);
    expect((await forgotPassword(phone)).statusCode).toBe(200);
    await ctx.app.areas.telegram.sender.drain();
    const rows = await outboxOf(ctx, phone, 'password_reset');
    expect(channelsOf(rows)).toEqual(['telegram/failed', 'outbox/logged']);
    expect(rows[0]!.error).toMatch(/user is deactivated/);
    expect(rows[1]!.text).toBe(rows[0]!.text);
    expect(emulator.sentTo(userId)).toHaveLength(before);
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: true, isBlocked: true });
  });

  it('a kind switched off is sent nowhere, while codes still come to Telegram', async () => {
    const { phone, headers, userId } = await linkedClient({ confirmed: true });
    const muted = await call(ctx.app, endpoints.telegram.updatePreferences, {
      headers,
      body: { mutedKinds: ['payment_succeeded', 'order_imported', 'payment_opened'] },
    });
    expect(muted.statusCode, muted.body).toBe(200);
    const before = emulator.sentTo(userId).length;

    const number = await paidOrder(phone, headers);
    await settle(ctx.app);
    const rows = await outboxOf(ctx, phone, 'payment_succeeded');
    expect(channelsOf(rows)).toEqual(['telegram/muted']);
    expect(rows[0]!.text).toContain(`платёж №${number}`);
    expect(emulator.sentTo(userId)).toHaveLength(before);

    expect((await forgotPassword(phone)).statusCode).toBe(200);
    await settle(ctx.app);
    expect(channelsOf(await outboxOf(ctx, phone, 'password_reset'))).toEqual(['telegram/sent']);
    expect(textsTo(emulator, userId)).toHaveLength(before + 1);
    expect(textsTo(emulator, userId).at(-1)).toMatch(/ссылка для сброса пароля/);
  });

  it('a 400 from Telegram sends the message by SMS and leaves the link as it was', async () => {
    const { phone, headers, userId } = await linkedClient({ confirmed: true });
    const before = emulator.sentTo(userId).length;
    emulator.failNext('sendMessage', { status: 400, description: "Bad Request: can't parse entities" });
    expect((await forgotPassword(phone)).statusCode).toBe(200);
    await ctx.app.areas.telegram.sender.drain();

    const rows = await outboxOf(ctx, phone, 'password_reset');
    expect(channelsOf(rows)).toEqual(['telegram/failed', 'outbox/logged']);
    expect(rows[0]!.error).toMatch(/can't parse entities/);
    expect(rows[1]!.text).toBe(rows[0]!.text);
    expect((await queuedTo(ctx, userId)).at(-1)).toMatchObject({ kind: 'password_reset', status: 'failed', attempts: 1 });
    expect(emulator.sentTo(userId)).toHaveLength(before);
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: true, isBlocked: false });
  });

  it('a 500 from Telegram is tried again and the message reaches Telegram once', async () => {
    const { phone, userId } = await linkedClient({ confirmed: true });
    const before = emulator.sentTo(userId).length;
    emulator.failNext('sendMessage', { status: 500, description: 'Internal Server Error' });
    expect((await forgotPassword(phone)).statusCode).toBe(200);
    await ctx.app.areas.telegram.sender.drain();

    const rows = await outboxOf(ctx, phone, 'password_reset');
    expect(channelsOf(rows)).toEqual(['telegram/sent']);
    expect(textsTo(emulator, userId)).toHaveLength(before + 1);
    expect(textsTo(emulator, userId).at(-1)).toBe(rows[0]!.text);
    expect((await queuedTo(ctx, userId)).at(-1)).toMatchObject({ kind: 'password_reset', status: 'sent', attempts: 2 });
  });
});

describe('one queue for everybody', () => {
  it('a reset link to one person is not held up behind a long queue to another', async () => {
    const busy = await linkedClient({ confirmed: true });
    const other = await linkedClient({ confirmed: true });
    const { sender } = ctx.app.areas.telegram;
    // More messages to one chat than the sender looks at in a turn: that chat takes one a second.
    for (let i = 0; i < 34; i += 1) expect((await forgotPassword(busy.phone)).statusCode).toBe(200);
    const before = emulator.sentTo(other.userId).length;
    const askedAt = Date.now();
    expect((await forgotPassword(other.phone)).statusCode).toBe(200);
    // Neither chat waits for its pace (their link replies went a moment ago).
    await forgetPacing(ctx);
    sender.start(20);
    try {
      while (emulator.sentTo(other.userId).length === before && Date.now() - askedAt < 6000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await sender.stop();
      // The busy chat still has its queue; nothing else in this file is to wait on it.
      await ctx.database.db.execute(sql`update telegram_messages set status = 'failed' where status = 'pending'`);
    }
    const delivered = emulator.sentTo(other.userId).slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.text).toMatch(/ссылка для сброса пароля/);
    // The other chat is free: its message goes with the first turns, not after the busy chat's queue.
    expect(delivered[0]!.at - askedAt).toBeLessThan(1500);
  });
});
