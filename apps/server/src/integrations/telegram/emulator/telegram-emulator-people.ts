import { randomInt } from 'node:crypto';
import type { TelegramChat, TelegramUpdateKind, TelegramUser } from '../telegram-types.js';

export type EmulatedUser = {
  /** Also the id of the private chat with the bot. */
  id: number;
  firstName: string;
  lastName?: string;
  username?: string;
  /** The person pressed Start (or wrote to the bot): only then may the bot write to them. */
  hasChat: boolean;
  isBlocked: boolean;
  isDeactivated: boolean;
};

export type EmulatedSend = {
  method: 'sendMessage' | 'sendPhoto';
  /** As the caller gave it: a user's id, the channel's @username or its id. */
  chatId: string;
  /** The text and caption as sent: Telegram HTML when parseMode is HTML. */
  text?: string;
  caption?: string;
  parseMode: string | null;
  /** `bytes` is the upload's size; a photo sent again by file_id has none. */
  photo?: { fileId: string; bytes?: number };
  replyMarkup?: unknown;
  at: number;
  messageId: number;
};

export type EmulatedUserAction =
  | { kind: 'start'; payload: string | null }
  | { kind: 'text'; text: string }
  | { kind: 'contact'; phone: string; ownerUserId: number }
  | { kind: 'button'; data: string }
  | { kind: 'block' }
  | { kind: 'unblock' }
  | { kind: 'deactivate' };

export type EmulatedChatEntry =
  { from: 'bot'; at: number; send: EmulatedSend } | { from: 'user'; at: number; messageId: number | null; action: EmulatedUserAction };

export type EmulatedCallbackAnswer = { queryId: string; text: string | null; at: number };

export type ChatBook = {
  bot: TelegramUser & { username: string };
  channel: { id: number; username: string | null; title: string };
  users: Map<number, EmulatedUser>;
  logs: Map<number, EmulatedChatEntry[]>;
  lastMessageIds: Map<number, number>;
  openCallbackQueries: Set<string>;
  callbackAnswers: EmulatedCallbackAnswer[];
  nextUserId: number;
  /**
   * The shop's own emulator forgets its people on a restart while the shop remembers their chats:
   * with this on, a chat the shop writes to comes back as a person who once pressed Start.
   */
  remembersEveryChat: boolean;
};

export type QueueUpdate = (kind: TelegramUpdateKind, payload: Record<string, unknown>) => number;

/** Telegram's rule for a deep link's start parameter. */
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;
const DEFAULT_CHANNEL_ID = -1_001_987_654_321;

export function createChatBook(options: {
  token: string;
  botName: string;
  botUsername: string;
  channel: string;
  channelTitle: string;
  remembersEveryChat?: boolean;
}): ChatBook {
  // A real token starts with the bot's id.
  const botId = Number(/^(\d+):/.exec(options.token)?.[1] ?? 7_012_345_678);
  const channel = options.channel.trim();
  const isNumeric = /^-?\d+$/.test(channel);
  return {
    bot: { id: botId, is_bot: true, first_name: options.botName, username: options.botUsername.replace(/^@/, '') },
    channel: {
      id: isNumeric ? Number(channel) : DEFAULT_CHANNEL_ID,
      username: isNumeric ? null : channel.replace(/^@/, ''),
      title: options.channelTitle,
    },
    users: new Map(),
    logs: new Map(),
    lastMessageIds: new Map(),
    openCallbackQueries: new Set(),
    callbackAnswers: [],
    // Past 2^32, as real ids are now: a column or a parser that assumes 32 bits shows up in tests.
    nextUserId: 5_000_000_000 + randomInt(1_000_000) * 1000,
    remembersEveryChat: options.remembersEveryChat ?? false,
  };
}

export function telegramUserOf(user: EmulatedUser): TelegramUser & { language_code: string } {
  return {
    id: user.id,
    is_bot: false,
    first_name: user.firstName,
    ...(user.lastName && { last_name: user.lastName }),
    ...(user.username && { username: user.username }),
    language_code: 'ru',
  };
}

export function privateChatOf(user: EmulatedUser): TelegramChat & { last_name?: string } {
  return {
    id: user.id,
    type: 'private',
    first_name: user.firstName,
    ...(user.lastName && { last_name: user.lastName }),
    ...(user.username && { username: user.username }),
  };
}

export function channelChatOf(book: ChatBook): TelegramChat {
  return {
    id: book.channel.id,
    type: 'channel',
    title: book.channel.title,
    ...(book.channel.username && { username: book.channel.username }),
  };
}

function isChannelId(book: ChatBook, chatId: string): boolean {
  const id = chatId.trim();
  if (id === String(book.channel.id)) return true;
  return book.channel.username !== null && id.toLowerCase() === `@${book.channel.username.toLowerCase()}`;
}

/** The same chat however it is named, for comparing sends. */
export function canonicalChatId(book: ChatBook, chatId: string | number): string {
  const id = String(chatId).trim();
  return isChannelId(book, id) ? String(book.channel.id) : id;
}

/** Only chats the bot could write to exist for it: the channel, and people who pressed Start. */
export function resolveChat(book: ChatBook, chatId: string): { kind: 'channel' } | { kind: 'private'; user: EmulatedUser } | null {
  if (isChannelId(book, chatId)) return { kind: 'channel' };
  const id = /^\d+$/.test(chatId.trim()) ? Number(chatId) : NaN;
  const user = book.users.get(id) ?? (book.remembersEveryChat && id > 0 ? restoreUser(book, id) : undefined);
  return user?.hasChat ? { kind: 'private', user } : null;
}

/** A person the emulator knew before a restart, with the chat they had opened. */
export function restoreUser(book: ChatBook, id: number): EmulatedUser {
  const user: EmulatedUser = { id, firstName: 'Покупатель', hasChat: true, isBlocked: false, isDeactivated: false };
  book.users.set(id, user);
  return user;
}

/** Message ids count up per chat, the person's messages and the bot's alike. */
export function nextMessageId(book: ChatBook, chatId: number): number {
  const id = (book.lastMessageIds.get(chatId) ?? 0) + 1;
  book.lastMessageIds.set(chatId, id);
  return id;
}

export function logEntry(book: ChatBook, userId: number, entry: EmulatedChatEntry): void {
  const log = book.logs.get(userId) ?? [];
  log.push(entry);
  book.logs.set(userId, log);
}

export function addUser(book: ChatBook, { firstName, lastName, username }: { firstName: string; lastName?: string; username?: string }) {
  const user: EmulatedUser = {
    id: book.nextUserId,
    firstName,
    ...(lastName && { lastName }),
    ...(username && { username: username.replace(/^@/, '') }),
    hasChat: false,
    isBlocked: false,
    isDeactivated: false,
  };
  book.nextUserId += 1;
  book.users.set(user.id, user);
  return user;
}

function activeUser(book: ChatBook, userId: number): EmulatedUser {
  const user = book.users.get(userId);
  if (!user) throw new Error(`Telegram emulator: no user ${userId}`);
  if (user.isDeactivated) throw new Error(`Telegram emulator: user ${userId} is deactivated`);
  return user;
}

function memberChange(book: ChatBook, user: EmulatedUser, from: 'member' | 'kicked', to: 'member' | 'kicked', at: number) {
  const bot = book.bot;
  return {
    chat: privateChatOf(user),
    from: telegramUserOf(user),
    date: Math.floor(at / 1000),
    old_chat_member: { user: bot, status: from, ...(from === 'kicked' && { until_date: 0 }) },
    new_chat_member: { user: bot, status: to, ...(to === 'kicked' && { until_date: 0 }) },
  };
}

function setBlocked(book: ChatBook, queue: QueueUpdate, user: EmulatedUser, isBlocked: boolean): number | null {
  if (user.isBlocked === isBlocked) return null;
  user.isBlocked = isBlocked;
  const at = Date.now();
  logEntry(book, user.id, { from: 'user', at, messageId: null, action: { kind: isBlocked ? 'block' : 'unblock' } });
  const [from, to] = isBlocked ? (['member', 'kicked'] as const) : (['kicked', 'member'] as const);
  return queue('my_chat_member', { my_chat_member: memberChange(book, user, from, to, at) });
}

/** A message from the person; writing to the bot opens the chat with it, as in Telegram. */
function userMessage(book: ChatBook, queue: QueueUpdate, user: EmulatedUser, action: EmulatedUserAction, fields: Record<string, unknown>) {
  user.hasChat = true;
  const at = Date.now();
  const messageId = nextMessageId(book, user.id);
  logEntry(book, user.id, { from: 'user', at, messageId, action });
  const message = { message_id: messageId, from: telegramUserOf(user), chat: privateChatOf(user), date: Math.floor(at / 1000), ...fields };
  return queue('message', { message });
}

function commandEntities(text: string) {
  const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text)?.[0];
  return command ? { entities: [{ offset: 0, length: command.length, type: 'bot_command' }] } : {};
}

/** Start in a chat with a blocked bot is Telegram's «Restart»: it unblocks the bot first. */
export function pressStart(book: ChatBook, queue: QueueUpdate, userId: number, payload?: string | null): number {
  if (payload && !START_PAYLOAD.test(payload)) {
    throw new Error('Telegram emulator: a start payload is 1–64 characters of A-Z, a-z, 0-9, _ and -');
  }
  const user = activeUser(book, userId);
  setBlocked(book, queue, user, false);
  const text = payload ? `/start ${payload}` : '/start';
  return userMessage(book, queue, user, { kind: 'start', payload: payload || null }, { text, ...commandEntities(text) });
}

export function sendText(book: ChatBook, queue: QueueUpdate, userId: number, text: string): number {
  const user = activeUser(book, userId);
  if (user.isBlocked) throw new Error(`Telegram emulator: user ${userId} blocked the bot; pressStart unblocks it`);
  return userMessage(book, queue, user, { kind: 'text', text }, { text, ...commandEntities(text) });
}

export function shareContact(book: ChatBook, queue: QueueUpdate, userId: number, phone: string, ownerUserId: number): number {
  const user = activeUser(book, userId);
  if (user.isBlocked) throw new Error(`Telegram emulator: user ${userId} blocked the bot; pressStart unblocks it`);
  const owner = book.users.get(ownerUserId);
  const contact = {
    phone_number: phone,
    first_name: owner?.firstName ?? 'Контакт',
    ...(owner?.lastName && { last_name: owner.lastName }),
    user_id: ownerUserId,
  };
  return userMessage(book, queue, user, { kind: 'contact', phone, ownerUserId }, { contact });
}

export function pressCallbackButton(book: ChatBook, queue: QueueUpdate, userId: number, data: string): string {
  const user = activeUser(book, userId);
  const id = `${randomInt(1_000_000_000)}${randomInt(1_000_000_000)}`;
  book.openCallbackQueries.add(id);
  logEntry(book, user.id, { from: 'user', at: Date.now(), messageId: null, action: { kind: 'button', data } });
  queue('callback_query', { callback_query: { id, from: telegramUserOf(user), chat_instance: String(user.id), data } });
  return id;
}

export function block(book: ChatBook, queue: QueueUpdate, userId: number, isBlocked: boolean): void {
  setBlocked(book, queue, activeUser(book, userId), isBlocked);
}

/** A deleted account: Telegram sends the bot nothing about it, only refuses messages to it. */
export function deactivate(book: ChatBook, userId: number): void {
  const user = activeUser(book, userId);
  user.isDeactivated = true;
  logEntry(book, user.id, { from: 'user', at: Date.now(), messageId: null, action: { kind: 'deactivate' } });
}
