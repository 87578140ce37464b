import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { emulatorOf, linkedChatOf, linkTelegram, postToWebhook, queuedTo, settle } from './telegram-kit.js';

/**
 * An update can claim any sender, so a shared contact alone never moves a link: the admin's Telegram
 * stays where the admin linked it, whatever contact another chat sends with the admin's phone, and
 * only «Подключить Telegram» from the signed-in profile relinks it. A contact confirms an account
 * only when it is the sender's own number in the sender's own chat, as Telegram sends it from the
 * «Поделиться номером» button.
 */

let ctx: TestContext;
let emulator: TelegramEmulator;
let admin: Headers;
let adminId: string;
let nextUpdateId = 700_000_000;
let nextTelegramId = 8_000_000_000;

beforeAll(async () => {
  ctx = await createTestApp();
  emulator = await emulatorOf(ctx.app);
  admin = await signInAs(ctx.app, 'admin');
  adminId = (await call(ctx.app, endpoints.users.me, { headers: admin })).json<{ id: string }>().id;
});
afterAll(() => ctx.close());

/** A message with a contact, as a forger would write it: every id is theirs to choose. */
function contactUpdate({ fromId, chatId = fromId, phone, ownerId }: { fromId: number; chatId?: number; phone: string; ownerId?: number }) {
  return {
    update_id: (nextUpdateId += 1),
    message: {
      message_id: 1,
      from: { id: fromId, is_bot: false, first_name: 'Злоумышленник', username: 'attacker' },
      chat: { id: chatId, type: 'private', first_name: 'Злоумышленник' },
      date: Math.floor(Date.now() / 1000),
      contact: { phone_number: phone, first_name: 'Админ', ...(ownerId !== undefined && { user_id: ownerId }) },
    },
  };
}

async function isConfirmed(headers: Headers): Promise<boolean> {
  const me = await call(ctx.app, endpoints.users.me, { headers });
  return me.json<{ isConfirmedAccount: boolean }>().isConfirmedAccount;
}

describe("a contact with the admin's phone from another chat", () => {
  it("does not move the admin's link: notifications stay in the admin's chat, and the bot says how to relink", async () => {
    const { userId: adminChat } = await linkTelegram(ctx.app, admin, 'Админ');
    const attacker = (nextTelegramId += 1);

    const res = await postToWebhook(ctx.app, contactUpdate({ fromId: attacker, phone: demoPhones.admin, ownerId: attacker }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await linkedChatOf(ctx, adminId)).toBe(adminChat);
    const answer = (await queuedTo(ctx, attacker)).at(-1);
    expect(answer?.html).toMatch(/уже подключён к другому Telegram/);
    expect(answer?.html).toMatch(/«Подключить Telegram»/);

    // The next message to the admin (a reset link, say) is queued for the admin's own chat only.
    await ctx.app.areas.messaging.messenger.send({ phone: demoPhones.admin, kind: 'goods_arrived', text: 'Вместе: проверка', secret: '' });
    expect((await queuedTo(ctx, adminChat)).filter((row) => row.purpose === 'notification')).toHaveLength(1);
    expect((await queuedTo(ctx, attacker)).filter((row) => row.purpose === 'notification')).toEqual([]);
  });

  it("is not moved by a contact even from a chat the bot already knows, nor with the admin's own number spelled otherwise", async () => {
    const adminChat = (await linkedChatOf(ctx, adminId))!;
    const person = emulator.addUser({ firstName: 'Пётр' });
    emulator.pressStart(person.id);
    await settle(ctx.app);
    for (const phone of [`+${demoPhones.admin}`, `8${demoPhones.admin.slice(1)}`]) {
      expect((await postToWebhook(ctx.app, contactUpdate({ fromId: person.id, phone, ownerId: person.id }))).statusCode).toBe(200);
    }
    expect(await linkedChatOf(ctx, adminId)).toBe(adminChat);
  });

  it('is relinked by «Подключить Telegram» from the signed-in profile', async () => {
    const before = await linkedChatOf(ctx, adminId);
    const { userId: newChat } = await linkTelegram(ctx.app, admin, 'Админ');
    expect(newChat).not.toBe(before);
    expect(await linkedChatOf(ctx, adminId)).toBe(newChat);
  });
});

describe('confirming an account by a contact', () => {
  it.each([
    ['someone else’s contact (user_id of another person)', (me: number) => ({ fromId: me, ownerId: me + 1 })],
    ['a contact without user_id', (me: number) => ({ fromId: me })],
    ['the sender’s own contact claimed in another chat', (me: number) => ({ fromId: me, chatId: me + 1, ownerId: me })],
  ])('is refused for %s: the account stays unconfirmed and unlinked', async (_what, ids) => {
    const client = await signUpClient(ctx.app, newPhone());
    const headers = { authorization: client.authorization };
    const me = (nextTelegramId += 10);
    const res = await postToWebhook(ctx.app, contactUpdate({ ...ids(me), phone: client.phone }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await isConfirmed(headers)).toBe(false);
    expect(await linkedChatOf(ctx, client.user.id)).toBeNull();
  });

  it('works for the sender’s own contact in their own chat: confirmed, and the unlinked chat linked', async () => {
    const client = await signUpClient(ctx.app, newPhone());
    const headers = { authorization: client.authorization };
    const me = (nextTelegramId += 10);
    const res = await postToWebhook(ctx.app, contactUpdate({ fromId: me, phone: client.phone, ownerId: me }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await isConfirmed(headers)).toBe(true);
    expect(await linkedChatOf(ctx, client.user.id)).toBe(me);
  });
});
