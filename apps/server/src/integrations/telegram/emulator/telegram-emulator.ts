import type http from 'node:http';
import { createFailureQueues, isClientGone, startEmulatorServer } from '../../emulator-server.js';
import { type BotApiAnswer, BotApiRefusal, badRequest, okAnswer, refusalAnswer, tooManyRequests } from './telegram-emulator-answers.js';
import { createRateLimits } from './telegram-emulator-limits.js';
import { type BotApiParams, readParams } from './telegram-emulator-params.js';
import {
  addUser,
  restoreUser,
  block,
  canonicalChatId,
  createChatBook,
  deactivate,
  type EmulatedCallbackAnswer,
  type EmulatedChatEntry,
  type EmulatedSend,
  type EmulatedUser,
  pressCallbackButton,
  pressStart,
  type QueueUpdate,
  sendText,
  shareContact,
} from './telegram-emulator-people.js';
import { type PhotoBook, type SendContext, sendMessage, sendPhoto } from './telegram-emulator-sends.js';
import { createUpdateQueue } from './telegram-emulator-updates.js';

export type {
  EmulatedCallbackAnswer,
  EmulatedChatEntry,
  EmulatedSend,
  EmulatedUser,
  EmulatedUserAction,
} from './telegram-emulator-people.js';
export type { EmulatedWebhook } from './telegram-emulator-updates.js';

export type TelegramEmulatedMethod =
  'getMe' | 'sendMessage' | 'sendPhoto' | 'setWebhook' | 'deleteWebhook' | 'getWebhookInfo' | 'getUpdates' | 'answerCallbackQuery';
export type TelegramEmulatedFailure =
  /** Answered as Telegram does: HTTP 429, a Retry-After header and parameters.retry_after. */
  { status: 429; retryAfter: number } | { status: number; description: string };
export type TelegramEmulator = Awaited<ReturnType<typeof startTelegramEmulator>>;

const METHODS: TelegramEmulatedMethod[] = [
  'getMe',
  'sendMessage',
  'sendPhoto',
  'setWebhook',
  'deleteWebhook',
  'getWebhookInfo',
  'getUpdates',
  'answerCallbackQuery',
];
/** Telegram reads method names in any case. */
const methodsByName = new Map(METHODS.map((method) => [method.toLowerCase(), method]));

function failureAnswer(failure: TelegramEmulatedFailure): BotApiAnswer {
  if ('retryAfter' in failure) return refusalAnswer(tooManyRequests(failure.retryAfter));
  return refusalAnswer(new BotApiRefusal(failure.status, failure.description));
}

function tokenOfPath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A local stand-in for the Telegram Bot API (../shared/docs/INTEGRATIONS.md §5) with emulated people
 * and the shop's channel: the shop starts it in-process when no bot token is configured (its chat page
 * lets a person try the bot), and tests drive it. Everything lives in memory.
 */
export async function startTelegramEmulator(
  options: {
    port?: number;
    host?: string;
    token?: string;
    botUsername?: string;
    /** The bot's display name. */
    botName?: string;
    /** `@username` or a numeric id, as the shop's settings name it. */
    channel?: string;
    channelTitle?: string;
    /** Answer 429 past Telegram's rates: 1 message a second to a person, 20 a minute to the channel, 30 a second in all. */
    enforceLimits?: boolean;
    /** For the shop's own emulator, which restarts with the shop: see ChatBook.remembersEveryChat. */
    remembersEveryChat?: boolean;
  } = {},
) {
  const {
    port = 0,
    host = '127.0.0.1',
    token = 'emulator-token',
    botUsername = 'vmeste_shop_bot',
    botName = 'Вместе',
    channel = '@vmeste_shop_channel',
    channelTitle = 'Вместе — совместные покупки',
    enforceLimits = false,
    remembersEveryChat = false,
  } = options;
  const book = createChatBook({ token, botName, botUsername, channel, channelTitle, remembersEveryChat });
  const updates = createUpdateQueue();
  const photos: PhotoBook = new Map();
  const sent: EmulatedSend[] = [];
  const failures = createFailureQueues<TelegramEmulatedMethod, TelegramEmulatedFailure>();
  let isHolding = false;
  let rateLimited = 0;
  const ctx: SendContext = {
    book,
    photos,
    sent,
    limits: enforceLimits ? createRateLimits() : null,
    onRateLimited: () => (rateLimited += 1),
  };
  const queue: QueueUpdate = (kind, payload) => updates.push(kind, payload);

  function answerCallbackQuery(params: BotApiParams): BotApiAnswer {
    const id = params.text('callback_query_id') ?? '';
    if (!book.openCallbackQueries.delete(id)) throw badRequest('query is too old and response timeout expired or query ID is invalid');
    book.callbackAnswers.push({ queryId: id, text: params.text('text') ?? null, at: Date.now() });
    return okAnswer(true);
  }

  async function carryOut(method: TelegramEmulatedMethod, params: BotApiParams, res: http.ServerResponse): Promise<BotApiAnswer> {
    switch (method) {
      case 'getMe':
        return okAnswer({ ...book.bot, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false });
      case 'sendMessage':
        return okAnswer(sendMessage(ctx, params));
      case 'sendPhoto':
        return okAnswer(await sendPhoto(ctx, params));
      case 'setWebhook':
        return okAnswer(true, updates.setWebhook(params));
      case 'deleteWebhook':
        return okAnswer(true, updates.deleteWebhook(params));
      case 'getWebhookInfo':
        return okAnswer(updates.webhookInfo());
      case 'getUpdates':
        return okAnswer(await updates.getUpdates(params, res));
      case 'answerCallbackQuery':
        return answerCallbackQuery(params);
    }
  }

  async function answerMethod(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<BotApiAnswer> {
    const route = /^\/bot([^/]*)\/([^/]*)$/.exec(url.pathname);
    if (!route) return refusalAnswer(new BotApiRefusal(404, 'Not Found'));
    if (tokenOfPath(route[1]!) !== token) return refusalAnswer(new BotApiRefusal(401, 'Unauthorized'));
    const method = methodsByName.get(route[2]!.toLowerCase());
    if (!method) return refusalAnswer(new BotApiRefusal(404, 'Not Found: method not found'));
    let answer: BotApiAnswer;
    try {
      const params = await readParams(req, url);
      const failure = failures.take(method);
      answer = failure ? failureAnswer(failure) : await carryOut(method, params, res);
    } catch (error) {
      if (!(error instanceof BotApiRefusal)) throw error;
      answer = refusalAnswer(error);
    }
    // Polling is left alone: a held instance is one stopped mid-send, and another one may still poll.
    // Until release(), the client gives up, or the emulator closes.
    if (isHolding && method !== 'getUpdates') await server.hold(res);
    return answer;
  }

  const server = await startEmulatorServer({
    port,
    host,
    name: 'Telegram',
    handle: async (req, res) => {
      const { status, body, headers } = await answerMethod(req, res, new URL(req.url ?? '/', 'http://localhost'));
      // A held or long-polled answer may find its client gone.
      if (isClientGone(res)) return;
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    },
    answerFailure: (res, text) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error_code: 500, description: `Internal Server Error: ${text}` }));
    },
    beforeClose: () => updates.close(),
  });

  return {
    /** What the client takes as its baseUrl, like https://api.telegram.org. */
    url: server.origin,
    token,
    botUsername: book.bot.username,
    botId: book.bot.id,
    channel,
    channelId: book.channel.id,

    /** Every message Telegram accepted, in order, failed ones left out. */
    sent: sent as readonly EmulatedSend[],
    /** By a user's id, or the channel's @username or id. */
    sentTo: (chatId: string | number): EmulatedSend[] => {
      const wanted = canonicalChatId(book, chatId);
      return sent.filter((send) => canonicalChatId(book, send.chatId) === wanted);
    },
    /** Sends refused with 429 by enforceLimits. */
    get rateLimited() {
      return rateLimited;
    },

    users: book.users as ReadonlyMap<number, Readonly<EmulatedUser>>,
    /** What the bot sent to the person and what the person did, in order. */
    chatLog: (userId: number): readonly EmulatedChatEntry[] => book.logs.get(userId) ?? [],
    callbackAnswers: book.callbackAnswers as readonly EmulatedCallbackAnswer[],
    addUser: (person: { firstName: string; lastName?: string; username?: string }): Readonly<EmulatedUser> => addUser(book, person),
    /** A person known before a restart (the chat page's cookie), when the emulator remembers every chat. */
    returningUser: (id: number): Readonly<EmulatedUser> | null =>
      book.users.get(id) ?? (book.remembersEveryChat && id > 0 ? restoreUser(book, id) : null),
    /** Opens the chat (`t.me/<bot>?start=<payload>`); answers the update_id. */
    pressStart: (userId: number, payload?: string | null): number => pressStart(book, queue, userId, payload),
    sendText: (userId: number, text: string): number => sendText(book, queue, userId, text),
    /** `ownerUserId` other than the sender's own: a forwarded contact of someone else. */
    shareContact: (userId: number, { phone, ownerUserId = userId }: { phone: string; ownerUserId?: number }): number =>
      shareContact(book, queue, userId, phone, ownerUserId),
    /** Presses an inline button with callback_data; answers the callback query's id. */
    pressCallbackButton: (userId: number, data: string): string => pressCallbackButton(book, queue, userId, data),
    block: (userId: number): void => block(book, queue, userId, true),
    unblock: (userId: number): void => block(book, queue, userId, false),
    deactivate: (userId: number): void => deactivate(book, userId),

    get webhook() {
      return updates.webhook;
    },
    get pendingUpdates(): number {
      return updates.pendingCount;
    },
    /** Resolves once the bot confirmed every update queued so far; rejects after timeoutMs. */
    waitForDelivery: (timeoutMs = 5000): Promise<void> => updates.waitForDelivery(timeoutMs),

    /** The next `times` calls of `method` fail this way, without being carried out. */
    failNext: (method: TelegramEmulatedMethod, failure: TelegramEmulatedFailure, times = 1): void =>
      failures.failNext(method, failure, times),
    /** From now on requests are carried out (and sends recorded) but not answered until release(). */
    hold: (): void => {
      isHolding = true;
    },
    release: (): void => {
      isHolding = false;
      server.releaseHolds();
    },

    /** An uploaded picture, for the chat page; null when the emulator could not read it as an image. */
    photoFile: (fileId: string): { bytes: Buffer; contentType: string } | null => {
      const photo = photos.get(fileId);
      return photo?.bytes && photo.contentType ? { bytes: photo.bytes, contentType: photo.contentType } : null;
    },

    close: server.close,
  };
}
