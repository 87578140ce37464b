import { endpoints } from '@vmeste/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import { countTableRows, linkOf, linkTelegram, postToWebhook, startToken } from './telegram-kit.js';
import { call } from '../fixtures/requests.js';

/**
 * With the right secret, an update the bot cannot use (a chat id beyond what Telegram gives, text in
 * place of a number, a missing chat, a message that is a string, any JSON at all) is acknowledged
 * with 200 and ignored, with one warning in the log: Telegram would only repeat a refused update,
 * and a 500 would tell a prober where the bot broke.
 */

let ctx: TestContext;
let linked: { headers: Record<string, string>; chatId: number };
let nextUpdateId = 600_000_000;

beforeAll(async () => {
  ctx = await createTestApp();
  const client = await signUpClient(ctx.app, newPhone());
  const headers = { authorization: client.authorization };
  const { userId } = await linkTelegram(ctx.app, headers);
  linked = { headers, chatId: userId };
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

const from = { id: 4242, is_bot: false, first_name: 'Мария' };
const update = (fields: Record<string, unknown>) => JSON.stringify({ update_id: (nextUpdateId += 1), ...fields });

/** Raw JSON bodies, so numbers beyond a double and odd shapes reach the server as written. */
const malformed: [string, () => string][] = [
  [
    'a chat id of 2^63',
    () =>
      update({}).replace(
        /}$/,
        `,"message":{"message_id":1,"from":${JSON.stringify(from)},"chat":{"id":9223372036854775808,"type":"private"},"text":"/start"}}`,
      ),
  ],
  ['a chat id as text', () => update({ message: { message_id: 1, from, chat: { id: 'сто', type: 'private' }, text: '/start' } })],
  ['a message without a chat', () => update({ message: { message_id: 1, from, text: '/start' } })],
  ['a message that is a string', () => update({ message: '/start' })],
  [
    'my_chat_member without new_chat_member',
    () => update({ my_chat_member: { chat: { id: linked.chatId, type: 'private' }, from, date: 1 } }),
  ],
  [
    'my_chat_member with a string in place of the member',
    () => update({ my_chat_member: { chat: { id: linked.chatId, type: 'private' }, new_chat_member: 'kicked' } }),
  ],
  [
    'a contact without a phone',
    () => update({ message: { message_id: 1, from, chat: { id: from.id, type: 'private' }, contact: { user_id: from.id } } }),
  ],
  ['an update_id of 2^63', () => '{"update_id":9223372036854775808,"message":"x"}'],
  ['an update_id as text', () => JSON.stringify({ update_id: '1' })],
  ['a negative update_id', () => JSON.stringify({ update_id: -1 })],
  ['a fractional update_id', () => JSON.stringify({ update_id: 1.5 })],
  ['no update_id', () => JSON.stringify({ message: { text: '/start' } })],
  ['an array', () => '[1,2,3]'],
  ['a string', () => '"update"'],
  ['a number', () => '42'],
  ['null', () => 'null'],
  ['an object of something else', () => JSON.stringify({ hello: { world: [true] } })],
  // Past the API's own NUL and depth guard: an update is acknowledged, or Telegram would resend it.
  ['a NUL in the text', () => update({ message: { message_id: 1, from, chat: { id: from.id, type: 'private' }, text: '/start\u0000x' } })],
  ['nesting 40 levels deep', () => update({ message: JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40)) as unknown })],
];

async function tableCounts() {
  return {
    updates: await countTableRows(ctx, 'telegram_updates'),
    links: await countTableRows(ctx, 'telegram_links'),
    messages: await countTableRows(ctx, 'telegram_messages'),
  };
}

describe('a malformed update', () => {
  it.each(malformed)('with %s is acknowledged, ignored and logged once', async (_what, body) => {
    const warn = vi.spyOn(ctx.app.log, 'warn');
    const before = await tableCounts();
    const res = await postToWebhook(ctx.app, body(), { raw: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await tableCounts()).toEqual(before);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await linkOf(ctx.app, linked.headers)).toMatchObject({ isLinked: true, isBlocked: false });
  });

  it('leaves a link token it carried unspent: the same start in a well-formed update links the chat', async () => {
    const client = await signUpClient(ctx.app, newPhone());
    const headers = { authorization: client.authorization };
    const started = await call(ctx.app, endpoints.telegram.startLink, { headers });
    const token = startToken(started.json<{ url: string }>().url);
    const person = { id: 4343, is_bot: false, first_name: 'Ольга', username: 'olga' };
    const message = { message_id: 1, from: person, chat: { id: String(person.id), type: 'private' }, text: `/start ${token}` };
    expect((await postToWebhook(ctx.app, { update_id: (nextUpdateId += 1), message })).statusCode).toBe(200);
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: false });

    const wellFormed = { ...message, chat: { id: person.id, type: 'private' } };
    expect((await postToWebhook(ctx.app, { update_id: (nextUpdateId += 1), message: wellFormed })).statusCode).toBe(200);
    expect(await linkOf(ctx.app, headers)).toMatchObject({ isLinked: true, accountTitle: '@olga' });
  });
});
