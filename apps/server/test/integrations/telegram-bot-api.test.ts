import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTelegramBotApi,
  isBlockedError,
  isRateLimitError,
  TelegramApiError,
  type TelegramUpdate,
} from '../../src/integrations/telegram/bot-api-client.js';
import { startTelegramEmulator, type TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';

const TOKEN = '7012345678:AAH-secret-token-part_XyZ';

let tg: TelegramEmulator;
beforeAll(async () => {
  tg = await startTelegramEmulator({ token: TOKEN });
});
afterAll(() => tg.close());

function recordingLog() {
  const lines: unknown[] = [];
  const write = (...args: unknown[]) => lines.push(args);
  const log = { trace: write, debug: write, info: write, warn: write, error: write, fatal: write } as unknown as FastifyBaseLogger;
  return { log, text: () => JSON.stringify(lines), lines };
}

function api(options: { token?: string; timeoutMs?: number; log?: FastifyBaseLogger; baseUrl?: string } = {}) {
  return createTelegramBotApi({
    baseUrl: options.baseUrl ?? tg.url,
    token: options.token ?? TOKEN,
    timeoutMs: options.timeoutMs ?? 3000,
    log: options.log,
  });
}

/** Runs `fn` and answers the TelegramApiError it must throw. */
async function failure(fn: () => Promise<unknown>): Promise<TelegramApiError> {
  const error = await fn().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TelegramApiError);
  return error as TelegramApiError;
}

/** A person who pressed Start, with that update already taken off the queue. */
async function startedUser(firstName = 'Мария') {
  const user = tg.addUser({ firstName, username: 'maria_test' });
  const updateId = tg.pressStart(user.id);
  await api().getUpdates({ offset: updateId + 1, timeoutSeconds: 0 });
  return user;
}

/** Confirms whatever updates are still queued. */
async function drain() {
  const updates = await api().getUpdates({ timeoutSeconds: 0 });
  if (updates.length > 0) await api().getUpdates({ offset: updates.at(-1)!.update_id + 1, timeoutSeconds: 0 });
}

function expectNoToken(...texts: string[]) {
  for (const text of texts) {
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('secret-token-part');
  }
}

async function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#d04a02' } })
    .png()
    .toBuffer();
}

describe('identity and messages', () => {
  it('getMe answers the bot', async () => {
    expect(await api().getMe()).toEqual({ id: 7012345678, username: 'vmeste_shop_bot', firstName: 'Вместе' });
  });

  it('sends HTML with a URL button, without link previews', async () => {
    const user = await startedUser();
    const { messageId } = await api().sendMessage({
      chatId: user.id,
      html: 'Заказ <b>№ 42</b> оплачен &amp; передан',
      button: { text: 'Открыть заказ', url: 'https://vmeste.example/orders/42' },
    });
    const [send] = tg.sentTo(user.id);
    expect(send).toMatchObject({
      method: 'sendMessage',
      chatId: String(user.id),
      text: 'Заказ <b>№ 42</b> оплачен &amp; передан',
      parseMode: 'HTML',
      replyMarkup: { inline_keyboard: [[{ text: 'Открыть заказ', url: 'https://vmeste.example/orders/42' }]] },
      messageId,
    });
    // The person's /start was message 1 in this chat.
    expect(messageId).toBe(2);
  });

  it('asks for the phone with a one-time reply keyboard, and removes it', async () => {
    const user = await startedUser();
    await api().sendMessage({ chatId: String(user.id), html: 'Поделитесь номером', keyboard: 'request_contact' });
    await api().sendMessage({ chatId: user.id, html: 'Спасибо!', keyboard: 'remove' });
    expect(tg.sentTo(user.id).map((send) => send.replyMarkup)).toEqual([
      { keyboard: [[{ text: 'Поделиться номером', request_contact: true }]], resize_keyboard: true, one_time_keyboard: true },
      { remove_keyboard: true },
    ]);
  });

  it('posts to the channel by its @username', async () => {
    const { messageId } = await api().sendMessage({ chatId: '@vmeste_shop_channel', html: '<i>Новая закупка</i>' });
    expect(messageId).toBeGreaterThan(0);
    expect(tg.sentTo(tg.channelId).at(-1)).toMatchObject({ text: '<i>Новая закупка</i>', chatId: '@vmeste_shop_channel' });
  });

  it('uploads a photo as multipart, then sends it again by the returned file_id', async () => {
    const user = await startedUser();
    const bytes = await picture(1600, 900);
    const first = await api().sendPhoto({
      chatId: user.id,
      photo: { bytes, filename: 'post.png', contentType: 'image/png' },
      captionHtml: 'Скидка <b>20%</b>',
      button: { text: 'Купить', url: 'https://vmeste.example/p/1' },
    });
    expect(first.fileId).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(tg.photoFile(first.fileId)).toEqual({ bytes, contentType: 'image/png' });

    const again = await api().sendPhoto({ chatId: '@vmeste_shop_channel', photo: { fileId: first.fileId }, captionHtml: 'Ещё раз' });
    expect(again.fileId).toBe(first.fileId);

    const [upload] = tg.sentTo(user.id);
    expect(upload).toMatchObject({
      method: 'sendPhoto',
      caption: 'Скидка <b>20%</b>',
      photo: { fileId: first.fileId, bytes: bytes.length },
      replyMarkup: { inline_keyboard: [[{ text: 'Купить', url: 'https://vmeste.example/p/1' }]] },
    });
    expect(tg.sentTo('@vmeste_shop_channel').at(-1)?.photo).toEqual({ fileId: first.fileId });
  });

  it('answers a callback query once', async () => {
    const user = await startedUser();
    const queryId = tg.pressCallbackButton(user.id, 'mute:bonus_expiring');
    const [update] = await api().getUpdates({ timeoutSeconds: 0 });
    expect(update?.callback_query).toMatchObject({ id: queryId, from: { id: user.id }, data: 'mute:bonus_expiring' });
    await api().getUpdates({ offset: update!.update_id + 1, timeoutSeconds: 0 });
    await api().answerCallbackQuery(queryId, 'Готово');
    expect(tg.callbackAnswers.at(-1)).toMatchObject({ queryId, text: 'Готово' });
    expect((await failure(() => api().answerCallbackQuery(queryId))).status).toBe(400);
  });
});

describe('refusals', () => {
  it('refuses HTML Telegram cannot parse with a 400', async () => {
    const user = await startedUser();
    const error = await failure(() => api().sendMessage({ chatId: user.id, html: 'Цена <5 000 ₽' }));
    expect(error).toMatchObject({ status: 400, retryAfterSeconds: null });
    expect(error.description).toMatch(/^Bad Request: can't parse entities: /);
    expect(error.message).toBe(`Telegram sendMessage failed: ${error.description}`);
    expect(isBlockedError(error)).toBe(false);
    expect(tg.sentTo(user.id)).toHaveLength(0);
  });

  it('refuses a chat that never started the bot, and an unknown file_id', async () => {
    const stranger = tg.addUser({ firstName: 'Незнакомец' });
    const error = await failure(() => api().sendMessage({ chatId: stranger.id, html: 'Привет' }));
    expect(error).toMatchObject({ status: 400, description: 'Bad Request: chat not found' });
    const user = await startedUser();
    const photo = await failure(() => api().sendPhoto({ chatId: user.id, photo: { fileId: 'AgACAgIAAxkDAAInvented' }, captionHtml: '' }));
    expect(photo).toMatchObject({ status: 400, description: 'Bad Request: wrong file identifier/HTTP URL specified' });
  });

  it('tells a blocked or deleted account apart as 403', async () => {
    const user = await startedUser();
    tg.block(user.id);
    const blocked = await failure(() => api().sendMessage({ chatId: user.id, html: 'Посылка пришла' }));
    expect(blocked).toMatchObject({ status: 403, description: 'Forbidden: bot was blocked by the user' });
    expect(isBlockedError(blocked)).toBe(true);

    const [update] = await api().getUpdates({ timeoutSeconds: 0 });
    expect(update?.my_chat_member).toMatchObject({
      chat: { id: user.id, type: 'private' },
      from: { id: user.id },
      old_chat_member: { status: 'member' },
      new_chat_member: { status: 'kicked' },
    });
    await api().getUpdates({ offset: update!.update_id + 1, timeoutSeconds: 0 });

    tg.unblock(user.id);
    await api().sendMessage({ chatId: user.id, html: 'С возвращением' });
    tg.deactivate(user.id);
    const gone = await failure(() => api().sendMessage({ chatId: user.id, html: 'Эй' }));
    expect(gone).toMatchObject({ status: 403, description: 'Forbidden: user is deactivated' });
    expect(isBlockedError(gone)).toBe(true);
    await drain();
  });

  it('reads a 429 with its retry_after, from the body and the header', async () => {
    const user = await startedUser();
    tg.failNext('sendMessage', { status: 429, retryAfter: 7 });
    const error = await failure(() => api().sendMessage({ chatId: user.id, html: 'Раз' }));
    expect(error).toMatchObject({ status: 429, description: 'Too Many Requests: retry after 7', retryAfterSeconds: 7 });
    expect(isRateLimitError(error)).toBe(true);
    expect(isBlockedError(error)).toBe(false);

    tg.failNext('sendMessage', { status: 429, retryAfter: 3 });
    const raw = await fetch(`${tg.url}/bot${TOKEN}/sendMessage?chat_id=${user.id}&text=x`);
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('3');
    expect(await raw.json()).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      parameters: { retry_after: 3 },
    });
  });

  it('passes on an injected failure as it is', async () => {
    tg.failNext('getMe', { status: 502, description: 'Bad Gateway' });
    expect(await failure(() => api().getMe())).toMatchObject({ status: 502, description: 'Bad Gateway', retryAfterSeconds: null });
  });
});

describe('the token stays secret', () => {
  it('a wrong token gets 401, and neither token shows in the error or the log', async () => {
    const wrong = '999:wrong-secret-token-part';
    const log = recordingLog();
    const error = await failure(() => api({ token: wrong, log: log.log }).getMe());
    expect(error).toMatchObject({ status: 401, description: 'Unauthorized' });
    for (const text of [error.message, JSON.stringify(error), String(error.stack), log.text()]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain('wrong-secret');
    }
    expect(log.lines).toHaveLength(1);
  });

  it('a refused send, a timeout and an unreachable server leave no token behind', async () => {
    const log = recordingLog();
    const user = await startedUser();
    const refused = await failure(() => api({ log: log.log }).sendMessage({ chatId: user.id, html: '<x>' }));

    tg.hold();
    const timedOut = await failure(() => api({ log: log.log, timeoutMs: 200 }).sendMessage({ chatId: user.id, html: 'Жду' }));
    tg.release();
    expect(timedOut).toMatchObject({ status: 0, description: 'no answer within 0.2 s' });

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await failure(() => api({ log: log.log, baseUrl: `http://127.0.0.1:${port}` }).getMe());
    expect(unreachable).toMatchObject({ status: 0, description: 'network error (ECONNREFUSED)' });

    const badUrl = await failure(() => api({ log: log.log, baseUrl: 'not a url' }).getMe());
    expect(badUrl.status).toBe(0);

    for (const error of [refused, timedOut, unreachable, badUrl]) expectNoToken(error.message, JSON.stringify(error), String(error.stack));
    // Telegram's own description passes through; the client's words for no answer are technical English.
    for (const error of [timedOut, unreachable, badUrl]) expect(error.description).toMatch(/^[a-z0-9_ ().]+$/i);
    expect(log.lines.length).toBeGreaterThanOrEqual(4);
    expectNoToken(log.text());
  });
});

describe('updates by long polling', () => {
  it('holds getUpdates until an update comes, and a later offset confirms it', async () => {
    const user = tg.addUser({ firstName: 'Ольга' });
    const started = Date.now();
    const polled = api().getUpdates({ timeoutSeconds: 5 });
    setTimeout(() => tg.pressStart(user.id, 'link_AbC-123'), 150);
    const updates = await polled;
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.message).toMatchObject({
      message_id: 1,
      from: { id: user.id, is_bot: false, first_name: 'Ольга' },
      chat: { id: user.id, type: 'private', first_name: 'Ольга' },
      text: '/start link_AbC-123',
    });
    expect((updates[0]?.message as unknown as { entities: unknown }).entities).toEqual([{ offset: 0, length: 6, type: 'bot_command' }]);

    // Not confirmed yet: the same update comes again.
    const delivered = tg.waitForDelivery(2000);
    expect((await api().getUpdates({ timeoutSeconds: 0 })).map((update) => update.update_id)).toEqual([updates[0]!.update_id]);
    expect(tg.pendingUpdates).toBe(1);
    expect(await api().getUpdates({ offset: updates[0]!.update_id + 1, timeoutSeconds: 0 })).toEqual([]);
    await delivered;
    expect(tg.pendingUpdates).toBe(0);
  });

  it('an empty poll ends after its timeout, and the HTTP wait outlasts it', async () => {
    const started = Date.now();
    // timeoutMs shorter than the poll: the client adds the poll's own wait to it.
    expect(await api({ timeoutMs: 500 }).getUpdates({ timeoutSeconds: 1 })).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('a contact shared by its owner, and one forwarded from someone else', async () => {
    const owner = tg.addUser({ firstName: 'Пётр' });
    const other = tg.addUser({ firstName: 'Анна' });
    tg.shareContact(owner.id, { phone: '79161234567' });
    tg.shareContact(owner.id, { phone: '79031112233', ownerUserId: other.id });
    const updates: TelegramUpdate[] = await api().getUpdates({ timeoutSeconds: 0 });
    expect(updates.map((update) => update.message?.contact)).toEqual([
      { phone_number: '79161234567', first_name: 'Пётр', user_id: owner.id },
      { phone_number: '79031112233', first_name: 'Анна', user_id: other.id },
    ]);
    expect(updates.map((update) => update.message?.from.id)).toEqual([owner.id, owner.id]);
    await api().getUpdates({ offset: updates.at(-1)!.update_id + 1, timeoutSeconds: 0 });
  });

  it('an abort through the signal ends the poll quietly', async () => {
    const log = recordingLog();
    const controller = new AbortController();
    const polled = failure(() => api({ log: log.log }).getUpdates({ timeoutSeconds: 10, signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    expect(await polled).toMatchObject({ status: 0, description: 'request aborted' });
    expect(log.lines).toHaveLength(0);
  });
});

describe('updates by webhook', () => {
  it('posts each update with the secret header, retries a 500, and refuses getUpdates meanwhile', async () => {
    const received: { secret: string | undefined; body: TelegramUpdate }[] = [];
    let failuresLeft = 1;
    const hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ secret: req.headers['x-telegram-bot-api-secret-token'] as string | undefined, body: JSON.parse(body) });
        res.writeHead(failuresLeft-- > 0 ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/api/telegram/webhook`;
    try {
      await api().setWebhook({ url: hookUrl, secretToken: 'hook-secret_1', allowedUpdates: ['message', 'my_chat_member'] });
      expect(tg.webhook).toEqual({ url: hookUrl, secretToken: 'hook-secret_1', allowedUpdates: ['message', 'my_chat_member'] });

      const user = tg.addUser({ firstName: 'Игорь' });
      const updateId = tg.pressStart(user.id, 'abc');
      await tg.waitForDelivery(3000);
      expect(received).toHaveLength(2);
      expect(received.map((request) => request.secret)).toEqual(['hook-secret_1', 'hook-secret_1']);
      expect(received.map((request) => request.body.update_id)).toEqual([updateId, updateId]);
      expect(received[1]?.body.message?.text).toBe('/start abc');

      const info = await api().getWebhookInfo();
      expect(info).toMatchObject({
        url: hookUrl,
        pendingUpdateCount: 0,
        lastErrorMessage: 'Wrong response from the webhook: 500 Internal Server Error',
      });

      const conflict = await failure(() => api().getUpdates({ timeoutSeconds: 0 }));
      expect(conflict).toMatchObject({
        status: 409,
        description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      });

      await api().deleteWebhook();
      expect(tg.webhook).toBeNull();
      expect(await api().getUpdates({ timeoutSeconds: 0 })).toEqual([]);
    } finally {
      await api().deleteWebhook();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });

  it('refuses a secret token with characters Telegram does not allow', async () => {
    const error = await failure(() => api().setWebhook({ url: 'https://shop.example/hook', secretToken: 'has space', allowedUpdates: [] }));
    expect(error).toMatchObject({ status: 400, description: 'Bad Request: secret token contains unallowed characters' });
    expect(tg.webhook).toBeNull();
  });
});

describe('hold and release', () => {
  it('records a send at once but answers it only on release', async () => {
    const user = await startedUser();
    tg.hold();
    let isAnswered = false;
    const sending = api({ timeoutMs: 5000 })
      .sendMessage({ chatId: user.id, html: 'Рассылка' })
      .then((result) => {
        isAnswered = true;
        return result;
      });
    await expect.poll(() => tg.sentTo(user.id).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isAnswered).toBe(false);
    tg.release();
    expect(await sending).toEqual({ messageId: tg.sentTo(user.id)[0]!.messageId });
  });
});

describe('enforced limits', () => {
  let strict: TelegramEmulator;
  beforeAll(async () => {
    strict = await startTelegramEmulator({ enforceLimits: true });
  });
  afterAll(() => strict.close());

  const strictApi = () => createTelegramBotApi({ baseUrl: strict.url, token: strict.token, timeoutMs: 3000 });

  async function strictUser() {
    const user = strict.addUser({ firstName: 'Лимит' });
    strict.pressStart(user.id);
    return user;
  }

  it('one message a second to a person', async () => {
    const user = await strictUser();
    await strictApi().sendMessage({ chatId: user.id, html: 'Раз' });
    const error = await failure(() => strictApi().sendMessage({ chatId: user.id, html: 'Два' }));
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    expect(strict.rateLimited).toBe(1);
    expect(strict.sentTo(user.id)).toHaveLength(1);
  });

  it('twenty a minute to the channel', async () => {
    for (let i = 0; i < 20; i += 1) await strictApi().sendMessage({ chatId: strict.channel, html: `Пост ${i}` });
    const error = await failure(() => strictApi().sendMessage({ chatId: strict.channel, html: 'Лишний' }));
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBeGreaterThan(50);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('thirty a second in all', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const users = await Promise.all(Array.from({ length: 31 }, () => strictUser()));
    const results = await Promise.allSettled(users.map((user) => strictApi().sendMessage({ chatId: user.id, html: 'Всем' })));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(isRateLimitError((refused[0] as PromiseRejectedResult).reason)).toBe(true);
  });
});
