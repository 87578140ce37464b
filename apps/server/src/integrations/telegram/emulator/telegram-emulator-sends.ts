import { randomBytes } from 'node:crypto';
import { BotApiRefusal, badRequest, tooManyRequests } from './telegram-emulator-answers.js';
import { imageInfoOf } from './telegram-emulator-image.js';
import type { RateLimits } from './telegram-emulator-limits.js';
import { checkReplyMarkup, inlineMarkupOf } from './telegram-emulator-markup.js';
import type { BotApiParams } from './telegram-emulator-params.js';
import {
  canonicalChatId,
  channelChatOf,
  type ChatBook,
  type EmulatedSend,
  type EmulatedUser,
  logEntry,
  nextMessageId,
  privateChatOf,
  resolveChat,
} from './telegram-emulator-people.js';
import { type FormattedText, formatText } from './telegram-emulator-text.js';

export type PhotoSize = { file_id: string; file_unique_id: string; width: number; height: number; file_size: number };
export type StoredPhoto = { sizes: PhotoSize[]; bytes: Buffer | null; contentType: string | null };
/** Every size's file_id leads to the same photo. */
export type PhotoBook = Map<string, StoredPhoto>;

export type SendContext = {
  book: ChatBook;
  photos: PhotoBook;
  sent: EmulatedSend[];
  limits: RateLimits | null;
  onRateLimited: () => void;
};

type Target = { chatId: string; chat: Record<string, unknown>; isChannel: boolean; user: EmulatedUser | null };

const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The long sides Telegram makes of a photo; it never keeps one larger than 1280. */
const PHOTO_SIDES = [90, 320, 800, 1280];
/** An upload whose size cannot be read is taken as this. */
const UNKNOWN_SIZE = { width: 800, height: 600 };

function fileIdOf(prefix: string): string {
  return prefix + randomBytes(30).toString('base64url');
}

function targetOf(ctx: SendContext, params: BotApiParams): Target {
  const chatId = params.text('chat_id')?.trim() ?? '';
  if (chatId === '') throw badRequest('chat_id is empty');
  const chat = resolveChat(ctx.book, chatId);
  if (!chat) throw badRequest('chat not found');
  if (chat.kind === 'channel') return { chatId, chat: channelChatOf(ctx.book), isChannel: true, user: null };
  if (chat.user.isDeactivated) throw new BotApiRefusal(403, 'Forbidden: user is deactivated');
  if (chat.user.isBlocked) throw new BotApiRefusal(403, 'Forbidden: bot was blocked by the user');
  return { chatId, chat: privateChatOf(chat.user), isChannel: false, user: chat.user };
}

function checkLimits(ctx: SendContext, target: Target, now: number): void {
  if (!ctx.limits) return;
  const key = canonicalChatId(ctx.book, target.chatId);
  const wait = ctx.limits.retryAfter(key, target.isChannel, now);
  if (wait !== null) {
    ctx.onRateLimited();
    throw tooManyRequests(wait);
  }
  ctx.limits.note(key, now);
}

/** Records the send and answers the Message Telegram would. */
function deliver(
  ctx: SendContext,
  target: Target,
  send: Omit<EmulatedSend, 'chatId' | 'at' | 'messageId'>,
  fields: Record<string, unknown>,
) {
  const at = Date.now();
  checkLimits(ctx, target, at);
  const chatNumber = target.isChannel ? ctx.book.channel.id : target.user!.id;
  const record: EmulatedSend = { ...send, chatId: target.chatId, at, messageId: nextMessageId(ctx.book, chatNumber) };
  ctx.sent.push(record);
  if (target.user) logEntry(ctx.book, target.user.id, { from: 'bot', at, send: record });
  const inlineMarkup = inlineMarkupOf(record.replyMarkup as Record<string, unknown> | undefined);
  return {
    message_id: record.messageId,
    // A channel post comes from the channel itself.
    ...(target.isChannel ? { sender_chat: target.chat } : { from: ctx.book.bot }),
    chat: target.chat,
    date: Math.floor(at / 1000),
    ...fields,
    ...(inlineMarkup && { reply_markup: inlineMarkup }),
  };
}

function entitiesField(name: 'entities' | 'caption_entities', formatted: FormattedText) {
  return formatted.entities.length > 0 ? { [name]: formatted.entities } : {};
}

export function sendMessage(ctx: SendContext, params: BotApiParams) {
  const target = targetOf(ctx, params);
  const source = params.text('text') ?? '';
  const parseMode = params.text('parse_mode') || undefined;
  const formatted = formatText(source, parseMode);
  if (formatted.text.trim() === '') throw badRequest('message text is empty');
  if (formatted.length > TEXT_MAX) throw badRequest('message is too long');
  const replyMarkup = checkReplyMarkup(params.json('reply_markup'), !target.isChannel);
  const linkPreview = params.json('link_preview_options');
  return deliver(
    ctx,
    target,
    { method: 'sendMessage', text: source, parseMode: parseMode ?? null, ...(replyMarkup && { replyMarkup }) },
    {
      text: formatted.text,
      ...entitiesField('entities', formatted),
      ...(typeof linkPreview === 'object' && linkPreview !== null && { link_preview_options: linkPreview }),
    },
  );
}

function storeUpload(photos: PhotoBook, bytes: Buffer, declaredType: string): StoredPhoto {
  const info = imageInfoOf(bytes);
  const { width, height } = info ?? UNKNOWN_SIZE;
  const longSide = Math.max(width, height, 1);
  const sides = [...new Set(PHOTO_SIDES.map((side) => Math.min(side, longSide)))];
  const uniqueBase = randomBytes(6).toString('base64url');
  const sizes = sides.map((side, index) => {
    const scale = side / longSide;
    const scaledWidth = Math.max(1, Math.round(width * scale));
    const scaledHeight = Math.max(1, Math.round(height * scale));
    return {
      file_id: fileIdOf('AgACAgIAAxkDAAI'),
      file_unique_id: `AQAD${uniqueBase}${index}`,
      width: scaledWidth,
      height: scaledHeight,
      file_size: Math.max(1, Math.round(bytes.length * scale * scale)),
    };
  });
  const photo: StoredPhoto = { sizes, bytes: info ? bytes : null, contentType: info?.contentType ?? (declaredType || null) };
  for (const size of sizes) photos.set(size.file_id, photo);
  return photo;
}

async function photoOf(ctx: SendContext, params: BotApiParams): Promise<{ photo: StoredPhoto; fileId: string; bytes?: number }> {
  const reference = params.text('photo')?.trim();
  // A file may come in the field itself or in one named by attach://.
  const attached = reference?.startsWith('attach://') ? params.file(reference.slice('attach://'.length)) : undefined;
  const file = params.file('photo') ?? attached;
  if (file) {
    if (file.size === 0) throw badRequest('file must be non-empty');
    if (file.size > PHOTO_MAX_BYTES) throw badRequest('file is too big');
    const bytes = Buffer.from(await file.arrayBuffer());
    const photo = storeUpload(ctx.photos, bytes, file.type);
    return { photo, fileId: photo.sizes.at(-1)!.file_id, bytes: bytes.length };
  }
  if (!reference) throw badRequest('there is no photo in the request');
  const known = ctx.photos.get(reference);
  if (known) return { photo: known, fileId: reference };
  // Telegram would fetch the picture; the emulator takes the address on trust, with nothing to show.
  if (/^https?:\/\/\S+$/i.test(reference)) {
    const photo = storeUpload(ctx.photos, Buffer.alloc(0), '');
    return { photo, fileId: photo.sizes.at(-1)!.file_id };
  }
  throw badRequest('wrong file identifier/HTTP URL specified');
}

export async function sendPhoto(ctx: SendContext, params: BotApiParams) {
  const target = targetOf(ctx, params);
  const caption = params.text('caption') ?? '';
  const parseMode = params.text('parse_mode') || undefined;
  const formatted = formatText(caption, parseMode);
  if (formatted.length > CAPTION_MAX) throw badRequest('message caption is too long');
  const replyMarkup = checkReplyMarkup(params.json('reply_markup'), !target.isChannel);
  const { photo, fileId, bytes } = await photoOf(ctx, params);
  return deliver(
    ctx,
    target,
    {
      method: 'sendPhoto',
      ...(caption && { caption }),
      parseMode: parseMode ?? null,
      photo: { fileId, ...(bytes !== undefined && { bytes }) },
      ...(replyMarkup && { replyMarkup }),
    },
    {
      photo: photo.sizes,
      ...(formatted.text && { caption: formatted.text }),
      ...entitiesField('caption_entities', formatted),
    },
  );
}
