import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatedSend, TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import { countTableRows, emulatorOf, linkOf, linkTelegram, settle } from './telegram-kit.js';

/**
 * The bot confirms an account by a contact its Telegram user shares: Telegram sends the sender's own
 * number only from the «Поделиться номером» button, so the number is proven theirs without an SMS.
 */

let ctx: TestContext;
let emulator: TelegramEmulator;

beforeAll(async () => {
  ctx = await createTestApp();
  emulator = await emulatorOf(ctx.app);
});
afterAll(() => ctx.close());

const CONTACT_KEYBOARD = {
  keyboard: [[{ text: 'Поделиться номером', request_contact: true }]],
  resize_keyboard: true,
  one_time_keyboard: true,
};

function lastSendTo(chatId: number): EmulatedSend {
  const send = emulator.sentTo(chatId).at(-1);
  expect(send, `the bot's last message to ${chatId}`).toBeDefined();
  return send!;
}

async function isConfirmed(headers: Headers): Promise<boolean> {
  const me = await call(ctx.app, endpoints.users.me, { headers });
  expect(me.statusCode, me.body).toBe(200);
  return me.json<{ isConfirmedAccount: boolean }>().isConfirmedAccount;
}

/** `79121234567` → `+7 912 123-45-67`, as a person would type it. */
function spaced(phone: string): string {
  return `+7 ${phone.slice(1, 4)} ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`;
}

/** `79121234567` → `+7 (912) 123-45-67`, as the bot prints it. */
function printed(phone: string): string {
  return `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`;
}

async function unconfirmedClient() {
  const client = await signUpClient(ctx.app, newPhone());
  return { ...client, headers: { authorization: client.authorization } };
}

describe('confirming an account by a shared contact', () => {
  it('a linked unconfirmed client shares their own contact: the account is confirmed and the bot says so', async () => {
    const { phone, headers } = await unconfirmedClient();
    expect(await isConfirmed(headers)).toBe(false);
    const { userId } = await linkTelegram(ctx.app, headers);

    const linked = lastSendTo(userId);
    expect(linked.text).toMatch(/Telegram подключён к аккаунту <b>Иван Петров<\/b>/);
    expect(linked.text).toMatch(/Аккаунт ещё не подтверждён: нажмите «Поделиться номером»/);
    expect(linked.replyMarkup).toEqual(CONTACT_KEYBOARD);

    emulator.shareContact(userId, { phone: spaced(phone) });
    await settle(ctx.app);
    expect(await isConfirmed(headers)).toBe(true);
    const confirmed = lastSendTo(userId);
    expect(confirmed.text).toBe(
      `Спасибо! Номер ${printed(phone)} подтверждён, аккаунт активирован. Заказы, оформленные на этот номер, видны в ` +
        `<a href="${ctx.config.publicUrl}/personal">личном кабинете</a> — там же их можно оплатить.`,
    );
    expect(confirmed.text).not.toContain('Можно делать заказы');
    expect(confirmed.replyMarkup).toEqual({ remove_keyboard: true });
    // The code the sign-up sent is of no more use: the activation page has nothing to ask.
    const activation = await call(ctx.app, endpoints.auth.activationStatus, { headers });
    expect(activation.json()).toEqual({ isCodeSent: false, resendAfterSeconds: 0 });

    // Sharing again only says it is done.
    emulator.shareContact(userId, { phone });
    await settle(ctx.app);
    expect(lastSendTo(userId).text).toMatch(/уже подтверждён/);
  });

  it('a forwarded contact of someone else confirms nothing, and the bot asks for their own number', async () => {
    const { phone, headers } = await unconfirmedClient();
    const { userId } = await linkTelegram(ctx.app, headers);
    const someoneElse = emulator.addUser({ firstName: 'Чужой' });
    const sendsBefore = emulator.sentTo(userId).length;

    emulator.shareContact(userId, { phone, ownerUserId: someoneElse.id });
    await settle(ctx.app);
    expect(await isConfirmed(headers)).toBe(false);
    expect(emulator.sentTo(userId)).toHaveLength(sendsBefore + 1);
    const answer = lastSendTo(userId);
    expect(answer.text).toMatch(/чужой контакт/);
    expect(answer.text).toMatch(/Поделиться номером/);
    expect(answer.replyMarkup).toEqual(CONTACT_KEYBOARD);
    expect(emulator.sentTo(someoneElse.id)).toEqual([]);
  });

  it('a contact of a phone with no account: the bot says there is none and links nothing', async () => {
    const stranger = emulator.addUser({ firstName: 'Гость' });
    const phone = newPhone();
    const linksBefore = await countTableRows(ctx, 'telegram_links');
    emulator.shareContact(stranger.id, { phone });
    await settle(ctx.app);
    const answer = lastSendTo(stranger.id);
    expect(answer.text).toMatch(new RegExp(`Аккаунта с номером ${printed(phone).replace(/[()+]/g, '\\$&')} в магазине нет`));
    expect(answer.text).toMatch(/Зарегистрируйтесь/);
    expect(await countTableRows(ctx, 'telegram_links')).toBe(linksBefore);
  });

  it.each([
    ['8XXXXXXXXXX', (phone: string) => `8${phone.slice(1)}`],
    ['79XXXXXXXXX', (phone: string) => phone],
    ['+7 (9XX) XXX-XX-XX', printed],
  ])('a contact (%s) without any link confirms the registered unconfirmed phone and links the chat', async (_format, spell) => {
    const { phone, headers } = await unconfirmedClient();
    const person = emulator.addUser({ firstName: 'Ольга', username: `olga${Date.now()}` });
    // Start without a link token: the bot offers to share the number.
    emulator.pressStart(person.id);
    await settle(ctx.app);
    const welcome = lastSendTo(person.id);
    expect(welcome.text).toMatch(/Здравствуйте! Я бот магазина/);
    expect(welcome.replyMarkup).toEqual(CONTACT_KEYBOARD);
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: false });

    emulator.shareContact(person.id, { phone: spell(phone) });
    await settle(ctx.app);
    expect(await isConfirmed(headers)).toBe(true);
    expect(lastSendTo(person.id).text).toMatch(/подтверждён, аккаунт активирован/);
    const link = await call(ctx.app, endpoints.telegram.link, { headers });
    expect(link.json()).toMatchObject({ isLinked: true, isBlocked: false, accountTitle: `@${person.username}` });
  });

  it('a contact of a foreign number is not read as a Russian one', async () => {
    const person = emulator.addUser({ firstName: 'John' });
    const linksBefore = await countTableRows(ctx, 'telegram_links');
    emulator.shareContact(person.id, { phone: '+1 202 555 0143' });
    await settle(ctx.app);
    expect(lastSendTo(person.id).text).toMatch(/российские номера/);
    expect(await countTableRows(ctx, 'telegram_links')).toBe(linksBefore);
  });
});
