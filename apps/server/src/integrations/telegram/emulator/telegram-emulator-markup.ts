import { badRequest } from './telegram-emulator-answers.js';
import { unreadable } from './telegram-emulator-params.js';

type Row = Record<string, unknown>;

const UNREADABLE_MARKUP = "can't parse reply keyboard markup JSON object";

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rowsOf(value: unknown): unknown[][] {
  if (!Array.isArray(value) || !value.every((row) => Array.isArray(row))) throw badRequest(UNREADABLE_MARKUP);
  return value as unknown[][];
}

function isLink(url: string): boolean {
  return /^(https?:\/\/[^\s/?#]+|tg:\/\/)\S*$/i.test(url);
}

function checkInlineButton(button: unknown): void {
  if (!isRow(button) || typeof button.text !== 'string' || button.text === '') throw badRequest('can\'t find field "text"');
  if (typeof button.url === 'string') {
    if (!isLink(button.url)) throw badRequest(`inline keyboard button URL '${button.url}' is invalid: Wrong HTTP URL`);
    return;
  }
  if (typeof button.callback_data === 'string') {
    const size = Buffer.byteLength(button.callback_data);
    if (size < 1 || size > 64) throw badRequest('BUTTON_DATA_INVALID');
    return;
  }
  throw badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
}

function checkKeyboardButton(button: unknown, isPrivate: boolean): void {
  if (typeof button === 'string' && button !== '') return;
  if (!isRow(button) || typeof button.text !== 'string' || button.text === '') throw badRequest('can\'t find field "text"');
  if (button.request_contact === true && !isPrivate) throw badRequest('phone number can be requested in private chats only');
}

/**
 * Checks reply_markup the way Telegram refuses it; only the kinds the shop may send are known.
 * Answers the markup to record, or undefined when there is none.
 */
export function checkReplyMarkup(markup: unknown, isPrivate: boolean): Row | undefined {
  if (markup === undefined || markup === null || markup === '') return undefined;
  if (markup === unreadable || !isRow(markup)) throw badRequest(UNREADABLE_MARKUP);
  if ('inline_keyboard' in markup) {
    for (const row of rowsOf(markup.inline_keyboard)) row.forEach(checkInlineButton);
  } else if ('keyboard' in markup) {
    for (const row of rowsOf(markup.keyboard)) row.forEach((button) => checkKeyboardButton(button, isPrivate));
  } else if (markup.remove_keyboard !== true && markup.force_reply !== true) {
    throw badRequest(UNREADABLE_MARKUP);
  }
  return markup;
}

/** A sent message shows only an inline keyboard back; reply keyboards belong to the chat, not the message. */
export function inlineMarkupOf(markup: Row | undefined): Row | undefined {
  return markup && 'inline_keyboard' in markup ? markup : undefined;
}
