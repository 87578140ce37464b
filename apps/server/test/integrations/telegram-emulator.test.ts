import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTelegramBotApi, type TelegramBotApi, type TelegramUpdate } from '../../src/integrations/telegram/bot-api-client.js';
import { startTelegramEmulator, type TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import { telegramEmulatorPages } from '../../src/integrations/telegram/emulator/telegram-emulator-pages.js';

let tg: TelegramEmulator;
let api: TelegramBotApi;
beforeAll(async () => {
  tg = await startTelegramEmulator();
  api = createTelegramBotApi({ baseUrl: tg.url, token: tg.token, timeoutMs: 3000 });
});
afterAll(() => tg.close());

/** Calls a method the way any HTTP client could, and answers the status and Telegram's JSON. */
async function raw(method: string, init: { query?: Record<string, string>; json?: unknown; form?: Record<string, string> } = {}) {
  const url = new URL(`${tg.url}/bot${tg.token}/${method}`);
  for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method: init.json || init.form ? 'POST' : 'GET',
    ...(init.json !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.json) }),
    ...(init.form && { body: new URLSearchParams(init.form) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { result?: never } };
}

async function drain() {
  const updates = await api.getUpdates({ timeoutSeconds: 0 });
  if (updates.length > 0) await api.getUpdates({ offset: updates.at(-1)!.update_id + 1, timeoutSeconds: 0 });
  return updates;
}

async function startedUser(firstName = 'Вера') {
  const user = tg.addUser({ firstName });
  tg.pressStart(user.id);
  await drain();
  return user;
}

describe('the protocol', () => {
  it('answers a wrong token and an unknown method as Telegram does', async () => {
    const wrong = await fetch(`${tg.url}/botnot-the-token/getMe`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    expect(await raw('sendSticker')).toEqual({
      status: 404,
      body: { ok: false, error_code: 404, description: 'Not Found: method not found' },
    });
    // Method names are read in any case.
    expect((await raw('GETME')).body).toMatchObject({ ok: true, result: { username: 'vmeste_shop_bot', is_bot: true } });
  });

  it('takes a query, a form and JSON, and answers a real-shaped Message', async () => {
    const user = await startedUser();
    const byQuery = await raw('sendMessage', { query: { chat_id: String(user.id), text: 'Привет' } });
    const byForm = await raw('sendMessage', {
      form: {
        chat_id: String(user.id),
        text: '<b>Жирный</b> и 😀 <a href="https://vmeste.example/x">ссылка</a>',
        parse_mode: 'HTML',
        reply_markup: JSON.stringify({ inline_keyboard: [[{ text: 'Открыть', url: 'https://vmeste.example/x' }]] }),
      },
    });
    const byJson = await raw('sendMessage', {
      json: { chat_id: user.id, text: 'Третье', link_preview_options: { is_disabled: true } },
    });
    expect([byQuery.status, byForm.status, byJson.status]).toEqual([200, 200, 200]);
    expect(byForm.body.result).toEqual({
      message_id: 3,
      from: { id: tg.botId, is_bot: true, first_name: 'Вместе', username: 'vmeste_shop_bot' },
      chat: { id: user.id, type: 'private', first_name: 'Вера' },
      date: expect.any(Number),
      text: 'Жирный и 😀 ссылка',
      // Offsets count UTF-16 units: the emoji takes two.
      entities: [
        { type: 'bold', offset: 0, length: 6 },
        { type: 'text_link', offset: 12, length: 6, url: 'https://vmeste.example/x' },
      ],
      reply_markup: { inline_keyboard: [[{ text: 'Открыть', url: 'https://vmeste.example/x' }]] },
    });
    expect(byJson.body.result).toMatchObject({ message_id: 4, link_preview_options: { is_disabled: true } });
    // Each chat counts its own messages.
    const other = await startedUser();
    expect((await api.sendMessage({ chatId: other.id, html: 'x' })).messageId).toBe(2);
  });

  it('checks texts, captions and buttons like Telegram', async () => {
    const user = await startedUser();
    const send = (form: Record<string, string>) => raw('sendMessage', { form: { chat_id: String(user.id), parse_mode: 'HTML', ...form } });
    expect((await send({ text: '  ' })).body.description).toBe('Bad Request: message text is empty');
    expect((await send({ text: '<b></b>' })).body.description).toBe('Bad Request: message text is empty');
    // An entity counts as the one character it stands for.
    expect((await send({ text: '&amp;'.repeat(4096) })).status).toBe(200);
    expect((await send({ text: 'я'.repeat(4097) })).body.description).toBe('Bad Request: message is too long');
    expect((await send({ text: 'a', parse_mode: 'MarkdownV2' })).body.description).toBe('Bad Request: unsupported parse_mode');
    const badButton = await send({
      text: 'x',
      reply_markup: JSON.stringify({ inline_keyboard: [[{ text: 'Go', url: 'javascript:alert(1)' }]] }),
    });
    expect(badButton).toMatchObject({
      status: 400,
      body: { description: expect.stringMatching(/^Bad Request: inline keyboard button URL/) },
    });
    expect((await send({ text: 'x', reply_markup: '{oops' })).body.description).toBe(
      "Bad Request: can't parse reply keyboard markup JSON object",
    );
    expect((await raw('sendMessage', { form: { text: 'x' } })).body.description).toBe('Bad Request: chat_id is empty');

    const caption = await api
      .sendPhoto({
        chatId: user.id,
        photo: { bytes: Buffer.from('not really a picture'), filename: 'a.jpg', contentType: 'image/jpeg' },
        captionHtml: 'к'.repeat(1025),
      })
      .catch((error: unknown) => error);
    expect(caption).toMatchObject({ status: 400, description: 'Bad Request: message caption is too long' });
  });

  it('makes photo sizes from the picture, and takes an upload named by attach://', async () => {
    const user = await startedUser();
    const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('chat_id', String(user.id));
    form.set('photo', 'attach://picture');
    form.set('picture', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'p.jpg');
    form.set('caption', '<i>Новинка</i>');
    form.set('parse_mode', 'HTML');
    const response = await fetch(`${tg.url}/bot${tg.token}/sendPhoto`, { method: 'POST', body: form });
    const { result } = (await response.json()) as {
      result: { photo: { width: number; height: number; file_id: string }[]; caption: string };
    };
    expect(result.caption).toBe('Новинка');
    expect(result.photo.map((size) => [size.width, size.height])).toEqual([
      [90, 51],
      [320, 180],
      [800, 450],
      [1280, 720],
    ]);
    expect(new Set(result.photo.map((size) => size.file_id)).size).toBe(4);
    expect(tg.photoFile(result.photo[0]!.file_id)?.contentType).toBe('image/jpeg');
    expect(tg.sentTo(user.id)[0]).toMatchObject({ method: 'sendPhoto', caption: '<i>Новинка</i>', photo: { bytes: bytes.length } });
  });

  it('keeps the chat log in order: what the person did and what the bot sent', async () => {
    const user = tg.addUser({ firstName: 'Лог' });
    tg.pressStart(user.id, 'p1');
    await api.sendMessage({ chatId: user.id, html: 'Нужен номер', keyboard: 'request_contact' });
    tg.shareContact(user.id, { phone: '79160000000' });
    tg.sendText(user.id, 'спасибо');
    tg.block(user.id);
    await drain();
    const log = tg.chatLog(user.id);
    expect(log.map((entry) => (entry.from === 'bot' ? `bot:${entry.send.text}` : `user:${entry.action.kind}`))).toEqual([
      'user:start',
      'bot:Нужен номер',
      'user:contact',
      'user:text',
      'user:block',
    ]);
    expect(log.map((entry) => (entry.from === 'bot' ? entry.send.messageId : entry.messageId))).toEqual([1, 2, 3, 4, null]);
  });

  it('a Start after blocking is Telegram’s restart: unblocked, then /start', async () => {
    const user = await startedUser();
    tg.block(user.id);
    tg.pressStart(user.id);
    const updates = await drain();
    expect(updates.map((update) => update.my_chat_member?.new_chat_member.status ?? update.message?.text)).toEqual([
      'kicked',
      'member',
      '/start',
    ]);
    expect(tg.users.get(user.id)?.isBlocked).toBe(false);
    expect(() => tg.pressStart(user.id, 'has spaces')).toThrow(/start payload/);
  });

  it('a second poller ends the first with 409, as with two instances', async () => {
    const first = api.getUpdates({ timeoutSeconds: 5 }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = api.getUpdates({ timeoutSeconds: 1 });
    expect(await first).toMatchObject({
      status: 409,
      description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    });
    expect(await second).toEqual([]);
  });

  it('waitForDelivery gives up when nobody takes the updates', async () => {
    const user = tg.addUser({ firstName: 'Ждун' });
    tg.pressStart(user.id);
    await expect(tg.waitForDelivery(200)).rejects.toThrow('1 update(s) not confirmed within 200 ms');
    await drain();
    await tg.waitForDelivery(200);
  });

  it('setWebhook with an empty url deletes it; drop_pending_updates forgets the queue', async () => {
    const user = tg.addUser({ firstName: 'Сброс' });
    tg.pressStart(user.id);
    expect(await raw('setWebhook', { json: { url: 'http://127.0.0.1:9/none', drop_pending_updates: true } })).toMatchObject({
      status: 200,
      body: { ok: true, result: true, description: 'Webhook was set' },
    });
    expect(tg.pendingUpdates).toBe(0);
    expect((await raw('getWebhookInfo')).body.result).toMatchObject({ url: 'http://127.0.0.1:9/none', pending_update_count: 0 });
    expect((await raw('setWebhook', { json: { url: '' } })).body).toMatchObject({ ok: true, description: 'Webhook was deleted' });
    expect(tg.webhook).toBeNull();
  });
});

describe('the chat page', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Registered the way the shop does, on its zod-typed instance.
    const shop = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    await shop.register(telegramEmulatorPages, {
      prefix: '/telegram-emulator',
      emulator: tg,
      shopName: 'Вместе',
      deliveryWaitMs: 1500,
      answerWaitMs: 200,
    });
    app = shop;
  });
  afterAll(() => app.close());

  let stopBot: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stopBot?.();
    stopBot = null;
  });

  /** A bot that polls like the shop does and answers each update with `answer`. */
  function runBot(answer: (update: TelegramUpdate) => Promise<unknown>) {
    const controller = new AbortController();
    const seen: TelegramUpdate[] = [];
    const loop = (async () => {
      let offset: number | undefined;
      while (!controller.signal.aborted) {
        const updates = await api.getUpdates({ offset, timeoutSeconds: 2, signal: controller.signal }).catch(() => []);
        for (const update of updates) {
          seen.push(update);
          await answer(update);
          offset = update.update_id + 1;
        }
      }
    })();
    stopBot = async () => {
      controller.abort();
      await loop;
    };
    return seen;
  }

  async function page(url: string, cookie?: string) {
    return app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: cookie ? { cookie } : {} });
  }

  async function post(path: string, form: Record<string, string>, cookie: string) {
    return app.inject({
      method: 'POST',
      url: `/telegram-emulator${path}`,
      remoteAddress: '127.0.0.1',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  }

  async function visitor(url = '/telegram-emulator/') {
    const first = await page(url);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const userId = Number(cookie.split('=')[1]);
    return { first, cookie, userId };
  }

  it('shows the Start button for a deep link’s payload, to a new emulated person', async () => {
    const { first, cookie, userId } = await visitor('/telegram-emulator/?start=link_AbC-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['set-cookie']).toMatch(/^tg_emulator_user=\d+; Path=\/telegram-emulator; HttpOnly; SameSite=Lax$/);
    expect(tg.users.get(userId)).toMatchObject({ firstName: 'Покупатель', hasChat: false });
    expect(first.body).toContain('Эмулятор Telegram — сообщения никуда не уходят');
    expect(first.body).toContain('@vmeste_shop_bot');
    expect(first.body).toContain('action="/telegram-emulator/start"');
    expect(first.body).toContain('name="payload" value="link_AbC-1"');
    expect(first.body).toContain('>Запустить</button>');
    expect(first.body).not.toContain('<script');
    // The same cookie keeps the same person.
    const again = await page('/telegram-emulator/', cookie);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('pressing Start delivers /start PAYLOAD and comes back with the bot’s escaped answer', async () => {
    const { cookie, userId } = await visitor('/telegram-emulator/?start=link_42');
    const seen = runBot(async (update) => {
      if (update.message?.text?.startsWith('/start')) {
        await api.sendMessage({
          chatId: update.message.chat.id,
          html: 'Привет, <b>Покупатель</b>! Код &lt;script&gt;alert(1)&lt;/script&gt; &amp; "кавычки"',
          button: { text: 'Открыть "магазин"', url: 'https://vmeste.example/?a=1&b=<2>' },
        });
      }
    });
    const pressed = await post('/start', { payload: 'link_42' }, cookie);
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe('/telegram-emulator/');
    expect(seen.map((update) => [update.message?.from.id, update.message?.text])).toEqual([[userId, '/start link_42']]);

    const shown = await page('/telegram-emulator/?start=link_42', cookie);
    expect(shown.body).toContain('Привет, <b>Покупатель</b>! Код &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;кавычки&quot;');
    expect(shown.body).toContain('href="https://vmeste.example/?a=1&amp;b=&lt;2&gt;"');
    expect(shown.body).toContain('Открыть &quot;магазин&quot;');
    expect(shown.body).not.toContain('<script>');
    // The payload was used: no Start button for it again.
    expect(shown.body).not.toContain('>Запустить</button>');
  });

  it('escapes a plain-text message, and shows an uploaded picture from its own address', async () => {
    const { cookie, userId } = await visitor();
    tg.pressStart(userId);
    await drain();
    await createTelegramBotApi({ baseUrl: tg.url, token: tg.token, timeoutMs: 3000 }).sendPhoto({
      chatId: userId,
      photo: {
        bytes: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
        filename: 'a.png',
        contentType: 'image/png',
      },
      captionHtml: 'Подпись',
    });
    await raw('sendMessage', { form: { chat_id: String(userId), text: '<img src=x onerror=alert(1)>' } });
    await raw('sendPhoto', { form: { chat_id: String(userId), photo: 'https://vmeste.example/p.png' } });
    const shown = await page('/telegram-emulator/', cookie);
    expect(shown.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(shown.body).not.toContain('<img src=x');
    expect(shown.body).toContain('[картинка]');
    const src = /<img src="([^"]+)" alt="Картинка">/.exec(shown.body)?.[1];
    expect(src).toMatch(/^\/telegram-emulator\/photos\//);
    const image = await page(src!, cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('shares the person’s own number when the bot asks for it', async () => {
    const { cookie, userId } = await visitor();
    const seen = runBot(async (update) => {
      if (update.message?.text === '/start') {
        await api.sendMessage({ chatId: userId, html: 'Поделитесь номером', keyboard: 'request_contact' });
      }
    });
    await post('/start', { payload: '' }, cookie);
    const asked = await page('/telegram-emulator/', cookie);
    expect(asked.body).toContain('action="/telegram-emulator/contact"');
    expect(asked.body).toContain('>Поделиться номером</button>');

    const shared = await post('/contact', { phone: '+7 (916) 123-45-67' }, cookie);
    expect(shared.headers.location).toBe('/telegram-emulator/');
    expect(seen.at(-1)?.message?.contact).toEqual({ phone_number: '79161234567', first_name: 'Покупатель', user_id: userId });
    // The keyboard was one-time.
    expect((await page('/telegram-emulator/', cookie)).body).not.toContain('>Поделиться номером</button>');
  });

  it('blocks and unblocks the bot, and says so when the shop does not take an update in time', async () => {
    const { cookie, userId } = await visitor();
    runBot(async () => undefined);
    await post('/start', { payload: '' }, cookie);
    expect((await post('/block', {}, cookie)).headers.location).toBe('/telegram-emulator/');
    expect(tg.users.get(userId)?.isBlocked).toBe(true);
    expect((await page('/telegram-emulator/', cookie)).body).toContain('Вы заблокировали бота');
    await post('/unblock', {}, cookie);
    expect(tg.users.get(userId)?.isBlocked).toBe(false);

    await stopBot?.();
    stopBot = null;
    const late = await post('/message', { text: 'Есть кто?' }, cookie);
    expect(late.headers.location).toBe('/telegram-emulator/?late=1');
    expect((await page('/telegram-emulator/?late=1', cookie)).body).toContain('Бот пока не ответил');
    await drain();
  });

  it('is not there for anyone but the machine itself', async () => {
    for (const remoteAddress of ['203.0.113.7', '10.0.0.2', '::ffff:192.168.1.5']) {
      const response = await app.inject({ method: 'GET', url: '/telegram-emulator/?start=x', remoteAddress });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Эмулятор');
    }
    const posted = await app.inject({ method: 'POST', url: '/telegram-emulator/block', remoteAddress: '203.0.113.7' });
    expect(posted.statusCode).toBe(404);
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1']) {
      expect((await app.inject({ method: 'GET', url: '/telegram-emulator/', remoteAddress })).statusCode).toBe(200);
    }
  });
});
