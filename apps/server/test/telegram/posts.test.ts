import { moscowInstantOf, moscowLocalOf, type TelegramPost, type TelegramStatistics, endpoints } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatedSend, TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { type Headers, NIL_UUID, call, callUnchecked } from '../fixtures/requests.js';
import {
  countTableRows,
  createPost,
  emulatorOf,
  forgetPacing,
  linkTelegram,
  listedPost,
  moscowIn,
  pngBytes,
  postBody,
  runPostsJob,
  settle,
  uploadPicture,
} from './telegram-kit.js';

/**
 * The admin's scheduler: posts to the channel and to every linked subscriber at a Moscow time, once
 * or repeated, sent by the `telegram.posts` job, with their runs counted in the statistics.
 */

const CHANNEL = '@vmeste_shop_channel';
const DAY_MS = 24 * 3600_000;

let ctx: TestContext;
let emulator: TelegramEmulator;
let admin: Headers;
/** Two subscribers who take messages and one who blocked the bot. */
let subscribers: number[];
let blockedSubscriber: number;
let pictureId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  emulator = await emulatorOf(ctx.app);
  admin = await signInAs(ctx.app, 'admin');
  const chats: number[] = [];
  for (const name of ['Анна', 'Борис', 'Вера']) {
    const client = await signUpClient(ctx.app, newPhone());
    chats.push((await linkTelegram(ctx.app, { authorization: client.authorization }, name)).userId);
  }
  blockedSubscriber = chats.pop()!;
  subscribers = chats;
  emulator.block(blockedSubscriber);
  await settle(ctx.app);
  const picture = await uploadPicture(ctx.app, admin, await pngBytes());
  expect(picture.statusCode, picture.body).toBe(201);
  pictureId = picture.json<{ id: string }>().id;
});
afterAll(() => ctx.close());

/** What the bot sent with this text (or caption), to whom. */
function sendsOf(text: string): EmulatedSend[] {
  return emulator.sent.filter((send) => (send.text ?? send.caption) === text);
}

function chatsOf(sends: EmulatedSend[]): string[] {
  return sends.map((send) => send.chatId).sort();
}

const subscriberChats = () => subscribers.map(String).sort();

function postRequest(method: 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) {
  return ctx.app.inject({ method, url, headers: admin, ...(payload && { payload }) });
}

/** Moves a post's next sending by `interval` (a PostgreSQL interval, e.g. '-8 days'). */
async function shiftSendAt(id: string, interval: string): Promise<void> {
  await ctx.database.db.execute(sql`update telegram_posts set send_at = send_at + ${interval}::interval where id = ${id}`);
}

/** A post made due now: created at the current Moscow minute (within the minute's grace). */
async function postDueNow(overrides: Record<string, unknown>): Promise<TelegramPost> {
  return createPost(ctx.app, admin, { sendAt: moscowIn(0), ...overrides });
}

describe('creating a post', () => {
  it('takes the time as Moscow wall-clock time and answers it back', async () => {
    const post = await createPost(ctx.app, admin, {
      text: 'Скидки <i>недели</i>',
      sendAt: '2030-06-15T18:30',
      repeat: 'weekly',
      repeatUntil: '2030-07-15',
      toChannel: true,
      buttonText: 'Открыть',
      buttonUrl: 'https://vmeste.example/purchases',
      pictureId,
    });
    expect(post).toMatchObject({
      text: 'Скидки <i>недели</i>',
      sendAt: '2030-06-15T15:30:00.000Z',
      sendAtMoscow: '2030-06-15T18:30',
      repeat: 'weekly',
      repeatUntil: '2030-07-15',
      toChannel: true,
      toSubscribers: true,
      buttonText: 'Открыть',
      buttonUrl: 'https://vmeste.example/purchases',
      pictureId,
      pictureUrl: `/api/telegram/pictures/${pictureId}`,
      status: 'scheduled',
      lastRun: null,
      runsCount: 0,
    });
    expect((await listedPost(ctx.app, admin, post.id)).sendAtMoscow).toBe('2030-06-15T18:30');
  });

  const caption = 'я'.repeat(1025);
  it.each([
    ['an unsupported tag', { text: '<div>Привет</div>' }, 400, 'text', /Тег <div> Telegram не поддерживает/],
    ['an unclosed tag', { text: '<b>Распродажа' }, 400, 'text', /Тег <b> не закрыт/],
    ['a link without href', { text: '<a>сюда</a>' }, 400, 'text', /У ссылки <a> нет адреса href/],
    // The form shows the message as plain text: it must name the entity itself (&lt;), not its escaped spelling.
    ['a bare «<»', { text: 'Цены < 100 ₽' }, 400, 'text', /Знак «<» пишется как &lt;, если это не тег/],
    ['a bare «&»', { text: 'Чай & кофе' }, 400, 'text', /^Знак «&» пишется как &amp;$/],
    ['an empty text', { text: '   ' }, 400, 'text', /Напишите текст поста/],
    ['a text over 4096', { text: 'я'.repeat(4097) }, 400, 'text', /Текст — не длиннее 4096 символов \(сейчас 4097\)/],
    [
      'a caption over 1024 with a picture',
      { text: caption, pictureId: 'PICTURE' },
      400,
      'text',
      /Подпись к картинке — не длиннее 1024 символов/,
    ],
    ['a button text without a URL', { buttonText: 'Купить' }, 400, 'buttonUrl', /У кнопки должны быть и подпись, и адрес/],
    ['a button URL without a text', { buttonUrl: 'https://vmeste.example' }, 400, 'buttonText', /У кнопки должны быть и подпись, и адрес/],
    ['a button URL that is not https', { buttonText: 'Купить', buttonUrl: 'ftp://vmeste.example' }, 400, 'buttonUrl', /https:\/\//],
    ['no target', { toChannel: false, toSubscribers: false }, 400, 'toSubscribers', /Выберите, куда отправить/],
    ['a time in the past', { sendAt: 'PAST' }, 400, 'sendAt', /Это время уже прошло/],
    ['a time not in the format', { sendAt: '2030-06-15 18:30' }, 400, 'sendAt', /ГГГГ-ММ-ДДTЧЧ:ММ/],
    ['a day not in the calendar', { sendAt: '2030-02-30T10:00' }, 400, 'sendAt', /Такой даты нет в календаре/],
    [
      'repeats ending before the first sending',
      { repeat: 'daily', repeatUntil: '2030-06-14' },
      400,
      'repeatUntil',
      /раньше первой отправки/,
    ],
    ['an end date of a one-off post', { repeat: 'none', repeatUntil: '2030-07-01' }, 400, 'repeatUntil', /только для повторяющегося/],
    ['an unknown repeat', { repeat: 'monthly' }, 400, 'repeat', /каждый день или каждую неделю/],
    ['a picture never uploaded', { pictureId: NIL_UUID }, 404, 'pictureId', /Картинка не найдена/],
  ] as const)('refuses %s and writes nothing', async (_what, overrides, status, field, message) => {
    const payload: Record<string, unknown> = postBody(overrides);
    if (payload.pictureId === 'PICTURE') payload.pictureId = pictureId;
    if (payload.sendAt === 'PAST') payload.sendAt = moscowIn(-10);
    const before = await countTableRows(ctx, 'telegram_posts');
    expectError(await postRequest('POST', '/api/telegram/posts', payload), status, { field, message });
    expect(await countTableRows(ctx, 'telegram_posts')).toBe(before);
  });

  it('takes a caption of exactly 1024 with a picture, and 4096 without', async () => {
    await createPost(ctx.app, admin, { text: 'я'.repeat(1024), pictureId });
    await createPost(ctx.app, admin, { text: `<b>${'я'.repeat(4096)}</b>` });
  });

  it('is the admin’s alone', async () => {
    const client = await signInAs(ctx.app, 'client');
    const res = await callUnchecked(ctx.app, endpoints.telegram.createPost, { headers: client, body: postBody() });
    expectError(res, 403);
    expectError(await callUnchecked(ctx.app, endpoints.telegram.createPost, { body: postBody() }), 401);
  });
});

describe('pictures', () => {
  it('takes a PNG and shows it back', async () => {
    const png = await pngBytes();
    const res = await uploadPicture(ctx.app, admin, png);
    expect(res.statusCode, res.body).toBe(201);
    const { id, url } = res.json<{ id: string; url: string }>();
    expect(url).toBe(`/api/telegram/pictures/${id}`);
    const shown = await ctx.app.inject({ method: 'GET', url, headers: admin });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a text file named .png with 415', async () => {
    const res = await uploadPicture(ctx.app, admin, 'это не картинка, а текст', 'фото.png', 'image/png');
    expectError(res, 415, { field: 'file', message: /JPEG или PNG/ });
  });

  it('refuses an empty file with 400 and keeps nothing', async () => {
    const before = await countTableRows(ctx, 'telegram_pictures');
    for (const [filename, type] of [
      ['картинка.png', 'image/png'],
      ['пусто', 'application/octet-stream'],
    ]) {
      const res = await uploadPicture(ctx.app, admin, Buffer.alloc(0), filename, type);
      expectError(res, 400, { field: 'file', message: 'Файл картинки пустой: выберите картинку JPEG или PNG' });
    }
    expect(await countTableRows(ctx, 'telegram_pictures')).toBe(before);
  });
});

describe('sending posts', () => {
  it('a post due now goes once to every subscriber who takes messages and to the channel, picture reused by file_id', async () => {
    const text = '<b>Открыта закупка</b> зимней обуви';
    const post = await postDueNow({ text, pictureId, toChannel: true, buttonText: 'Смотреть', buttonUrl: 'https://vmeste.example/p/1' });
    await forgetPacing(ctx);
    await runPostsJob(ctx.app);

    const sends = sendsOf(text);
    expect(chatsOf(sends)).toEqual([...subscriberChats(), CHANNEL].sort());
    expect(emulator.sentTo(blockedSubscriber).filter((send) => send.caption === text)).toEqual([]);
    expect(sends.every((send) => send.method === 'sendPhoto' && send.parseMode === 'HTML')).toBe(true);
    for (const send of sends) {
      expect(send.replyMarkup).toEqual({ inline_keyboard: [[{ text: 'Смотреть', url: 'https://vmeste.example/p/1' }]] });
    }

    // The job again: the post is done and nothing more goes.
    await runPostsJob(ctx.app);
    expect(sendsOf(text)).toHaveLength(3);
    const listed = await listedPost(ctx.app, admin, post.id);
    expect(listed).toMatchObject({ status: 'done', runsCount: 1 });
    expect(listed.lastRun).toMatchObject({
      postId: post.id,
      excerpt: 'Открыта закупка зимней обуви',
      recipients: 3,
      delivered: 3,
      blocked: 0,
      failed: 0,
      pending: 0,
    });
    expect(listed.lastRun!.finishedAt).not.toBeNull();
    const done = await call(ctx.app, endpoints.telegram.listPosts, { query: { status: 'done' }, headers: admin });
    expect(done.json<{ items: TelegramPost[] }>().items.map((item) => item.id)).toContain(post.id);

    const statistics = await call(ctx.app, endpoints.telegram.statistics, { headers: admin });
    expect(statistics.statusCode, statistics.body).toBe(200);
    const stats = statistics.json<TelegramStatistics>();
    const today = moscowLocalOf(new Date()).slice(0, 10);
    expect(stats.to).toBe(today);
    expect(stats.days).toHaveLength(30);
    expect(stats.runs.find((run) => run.id === listed.lastRun!.id)).toEqual(listed.lastRun);
    // Every message the bot got through today: the bot's replies at linking, and this post.
    expect(stats.days.at(-1)).toEqual({ date: today, sent: emulator.sent.length, failed: 0 });
    expect(stats.subscribers.at(-1)).toEqual({ date: today, linked: 2, blocked: 1 });
    const overview = await call(ctx.app, endpoints.telegram.overview, { headers: admin });
    expect(overview.json()).toMatchObject({ channel: CHANNEL, mode: 'emulator', subscribers: 2, blocked: 1, isOwnChatLinked: false });

    // The picture is uploaded once; the other sends reuse the file_id Telegram gave it.
    expect(sends.filter((send) => send.photo?.bytes !== undefined)).toHaveLength(1);
    expect(new Set(sends.map((send) => send.photo?.fileId)).size).toBe(1);
  });

  it('a daily post moves exactly a day on after its run, keeping its Moscow time', async () => {
    const text = 'Ежедневная подборка';
    const sendAt = moscowIn(0);
    const tomorrow = moscowLocalOf(new Date(moscowInstantOf(sendAt).getTime() + DAY_MS)).slice(0, 10);
    const post = await createPost(ctx.app, admin, { text, sendAt, repeat: 'daily', repeatUntil: tomorrow });
    await forgetPacing(ctx);
    await runPostsJob(ctx.app);

    expect(chatsOf(sendsOf(text))).toEqual(subscriberChats());
    const listed = await listedPost(ctx.app, admin, post.id);
    expect(listed.status).toBe('scheduled');
    expect(Date.parse(listed.sendAt) - Date.parse(post.sendAt)).toBe(DAY_MS);
    expect(listed.sendAtMoscow.slice(11)).toBe(post.sendAtMoscow.slice(11));
    expect(listed).toMatchObject({ runsCount: 1, lastRun: { recipients: 2, delivered: 2 } });
    await runPostsJob(ctx.app);
    expect(sendsOf(text)).toHaveLength(2);
  });

  it('a weekly post moves exactly 7 days on', async () => {
    const text = 'Еженедельные новости';
    const post = await postDueNow({ text, repeat: 'weekly' });
    await forgetPacing(ctx);
    await runPostsJob(ctx.app);
    expect(chatsOf(sendsOf(text))).toEqual(subscriberChats());
    const listed = await listedPost(ctx.app, admin, post.id);
    expect(listed).toMatchObject({ status: 'scheduled', repeatUntil: null, runsCount: 1 });
    expect(Date.parse(listed.sendAt) - Date.parse(post.sendAt)).toBe(7 * DAY_MS);
  });

  it('a repeating post whose next sending is past its last day is done', async () => {
    const text = 'Последний день акции';
    const sendAt = moscowIn(0);
    const post = await createPost(ctx.app, admin, { text, sendAt, repeat: 'daily', repeatUntil: sendAt.slice(0, 10) });
    await forgetPacing(ctx);
    await runPostsJob(ctx.app);
    expect(chatsOf(sendsOf(text))).toEqual(subscriberChats());
    const listed = await listedPost(ctx.app, admin, post.id);
    expect(listed).toMatchObject({ status: 'done', runsCount: 1, sendAt: post.sendAt });
  });

  it('occurrences missed while the shop was down are skipped to the next one, not sent in a burst', async () => {
    const text = 'Подборка дня (пропущенная)';
    const tomorrow = moscowLocalOf(new Date(Date.now() + DAY_MS)).slice(0, 10);
    const post = await createPost(ctx.app, admin, { text, sendAt: `${tomorrow}T10:00`, repeat: 'daily' });
    // As if it had been due eight days ago and the scheduler never ran since.
    await shiftSendAt(post.id, '-8 days');
    await forgetPacing(ctx);
    await runPostsJob(ctx.app);

    expect(chatsOf(sendsOf(text))).toEqual(subscriberChats());
    const listed = await listedPost(ctx.app, admin, post.id);
    expect(listed).toMatchObject({ status: 'scheduled', runsCount: 1 });
    expect(listed.sendAtMoscow.slice(11)).toBe('10:00');
    const wait = Date.parse(listed.sendAt) - Date.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(DAY_MS);
    // The next occurrence may fall before the first one set (the original was a day ahead): whole days either way.
    expect(Math.abs(Date.parse(listed.sendAt) - Date.parse(post.sendAt)) % DAY_MS).toBe(0);
    await runPostsJob(ctx.app);
    expect(sendsOf(text)).toHaveLength(2);
  });
});

describe('a subscriber who blocked the bot since the last post', () => {
  it('is counted as blocked in the run and gets no more posts', async () => {
    const client = await signUpClient(ctx.app, newPhone());
    const { userId } = await linkTelegram(ctx.app, { authorization: client.authorization }, 'Глеб');
    // The shop has not heard of the block: the post is queued for them and Telegram answers 403.
    emulator.block(userId);
    const text = 'Пост после блокировки';
    const post = await postDueNow({ text });
    await forgetPacing(ctx);
    await runPostsJob(ctx.app);
    expect(chatsOf(sendsOf(text))).toEqual(subscriberChats());
    expect((await listedPost(ctx.app, admin, post.id)).lastRun).toMatchObject({
      recipients: 3,
      delivered: 2,
      blocked: 1,
      failed: 0,
      pending: 0,
    });

    const next = await postDueNow({ text: 'Следующий пост' });
    await forgetPacing(ctx);
    await runPostsJob(ctx.app);
    expect((await listedPost(ctx.app, admin, next.id)).lastRun).toMatchObject({ recipients: 2, delivered: 2, blocked: 0 });
    expect(emulator.sentTo(userId).filter((send) => send.text === 'Следующий пост')).toEqual([]);
  });
});

describe('editing, canceling and sending now', () => {
  it('edits a scheduled post; a canceled one is never sent and can no longer be changed', async () => {
    const post = await createPost(ctx.app, admin, { text: 'Черновик', sendAt: '2030-01-10T09:00' });
    const edited = await postRequest(
      'PUT',
      `/api/telegram/posts/${post.id}`,
      postBody({ text: 'Исправленный <u>пост</u>', sendAt: '2030-01-11T12:15', repeat: 'daily', repeatUntil: '2030-01-20' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TelegramPost>()).toMatchObject({
      id: post.id,
      text: 'Исправленный <u>пост</u>',
      sendAt: '2030-01-11T09:15:00.000Z',
      sendAtMoscow: '2030-01-11T12:15',
      repeat: 'daily',
      repeatUntil: '2030-01-20',
      status: 'scheduled',
    });
    // An edit is checked as a new post is.
    expectError(await postRequest('PUT', `/api/telegram/posts/${post.id}`, postBody({ text: '<div>' })), 400, { field: 'text' });
    expect((await listedPost(ctx.app, admin, post.id)).text).toBe('Исправленный <u>пост</u>');
    expectError(await postRequest('PUT', `/api/telegram/posts/${NIL_UUID}`, postBody()), 404, { message: /Пост не найден/ });

    const canceled = await postRequest('POST', `/api/telegram/posts/${post.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<TelegramPost>().status).toBe('canceled');
    // Even once its time has come, the job leaves it.
    await ctx.database.db.execute(sql`update telegram_posts set send_at = now() - interval '1 minute' where id = ${post.id}`);
    await runPostsJob(ctx.app);
    expect(sendsOf('Исправленный <u>пост</u>')).toEqual([]);
    expect(await listedPost(ctx.app, admin, post.id)).toMatchObject({ status: 'canceled', runsCount: 0, lastRun: null });

    expectError(await postRequest('PUT', `/api/telegram/posts/${post.id}`, postBody()), 409, { message: /отменён/ });
    expectError(await postRequest('POST', `/api/telegram/posts/${post.id}/cancel`), 409, { message: /отменён/ });
    expectError(await postRequest('POST', `/api/telegram/posts/${post.id}/send-now`), 409, { message: /отменён/ });
  });

  it('«Отправить сейчас» sends a one-off post at once, and it is done', async () => {
    const text = 'Срочная новость';
    const post = await createPost(ctx.app, admin, { text, sendAt: '2030-03-01T10:00' });
    const res = await postRequest('POST', `/api/telegram/posts/${post.id}/send-now`);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json<TelegramPost>();
    expect(sent).toMatchObject({ status: 'done', runsCount: 1, lastRun: { recipients: 2 } });
    expect(Math.abs(Date.parse(sent.sendAt) - Date.now())).toBeLessThan(60_000);
    await forgetPacing(ctx);
    await ctx.app.areas.telegram.sender.drain();
    expect(chatsOf(sendsOf(text))).toEqual(subscriberChats());
    expect((await listedPost(ctx.app, admin, post.id)).lastRun).toMatchObject({ delivered: 2, pending: 0 });

    // Sent is sent: no edit, no cancel, no second «now».
    expectError(await postRequest('PUT', `/api/telegram/posts/${post.id}`, postBody()), 409, { message: /уже отправлен/ });
    expectError(await postRequest('POST', `/api/telegram/posts/${post.id}/cancel`), 409, { message: /уже отправлен/ });
    expectError(await postRequest('POST', `/api/telegram/posts/${post.id}/send-now`), 409, { message: /уже отправлен/ });
    await runPostsJob(ctx.app);
    expect(sendsOf(text)).toHaveLength(2);
  });

  it('«Отправить сейчас» of a repeating post sends it and keeps its schedule', async () => {
    const text = 'Утренняя подборка';
    const post = await createPost(ctx.app, admin, { text, sendAt: '2030-03-01T08:00', repeat: 'daily' });
    const res = await postRequest('POST', `/api/telegram/posts/${post.id}/send-now`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TelegramPost>()).toMatchObject({ status: 'scheduled', sendAt: post.sendAt, runsCount: 1 });
    await forgetPacing(ctx);
    await ctx.app.areas.telegram.sender.drain();
    expect(chatsOf(sendsOf(text))).toEqual(subscriberChats());
  });
});

describe('a test send', () => {
  it('needs the admin’s own linked chat, and goes to that chat only', async () => {
    const content = { text: '<b>Пробный</b> пост', buttonText: 'Открыть', buttonUrl: 'https://vmeste.example' };
    expectError(await postRequest('POST', '/api/telegram/posts/test', content), 409, { message: /Подключите свой Telegram/ });

    const { userId } = await linkTelegram(ctx.app, admin, 'Админ');
    const runsBefore = await countTableRows(ctx, 'telegram_runs');
    const res = await postRequest('POST', '/api/telegram/posts/test', content);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ chatTitle: string }>().chatTitle).toMatch(/^@user\d+$/);
    await ctx.app.areas.telegram.sender.drain();
    const sends = sendsOf(content.text);
    expect(chatsOf(sends)).toEqual([String(userId)]);
    expect(sends[0]!.replyMarkup).toEqual({ inline_keyboard: [[{ text: 'Открыть', url: 'https://vmeste.example' }]] });
    expect(await countTableRows(ctx, 'telegram_runs')).toBe(runsBefore);

    expectError(await postRequest('POST', '/api/telegram/posts/test', { ...content, pictureId: NIL_UUID }), 404, {
      field: 'pictureId',
    });
  });
});
