import type { FastifyBaseLogger } from 'fastify';
import { isBlockedError, isRateLimitError, TelegramApiError } from './telegram-api-error.js';
import type { TelegramUpdate, TelegramUpdateKind } from './telegram-types.js';

export { isBlockedError, isNeverSentError, isRateLimitError, TelegramApiError } from './telegram-api-error.js';
export type * from './telegram-types.js';

export type TelegramBotApi = ReturnType<typeof createTelegramBotApi>;

export type TelegramUrlButton = { text: string; url: string };
export type TelegramPhotoInput = { fileId: string } | { bytes: Buffer; filename: string; contentType: string };

type PhotoSize = { file_id: string; width: number; height: number; file_size?: number };
type SentMessage = { message_id: number; photo?: PhotoSize[] };
type CallOptions = { waitMs?: number; signal?: AbortSignal };

const DEFAULT_BASE_URL = 'https://api.telegram.org';
const CONTACT_BUTTON_TEXT = 'Поделиться номером';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * Built from the error's code and name only: fetch's own messages may quote the URL, and the URL
 * holds the token.
 */
function noAnswerReason(error: unknown, waitMs: number, signal: AbortSignal | undefined): string {
  if (signal?.aborted) return 'request aborted';
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${seconds(waitMs)}`;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = cause?.code ?? (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[A-Z0-9_]+$/.test(code)) return `network error (${code})`;
  return 'network error';
}

function replyMarkup(button: TelegramUrlButton | null | undefined, keyboard: 'request_contact' | 'remove' | undefined) {
  if (keyboard === 'request_contact') {
    return { keyboard: [[{ text: CONTACT_BUTTON_TEXT, request_contact: true }]], resize_keyboard: true, one_time_keyboard: true };
  }
  if (keyboard === 'remove') return { remove_keyboard: true };
  if (button) return { inline_keyboard: [[{ text: button.text, url: button.url }]] };
  return undefined;
}

/** Telegram lists a photo's sizes smallest first, but says nothing to rely on; the area decides. */
function largestPhoto(sizes: PhotoSize[] | undefined): PhotoSize | undefined {
  return sizes?.reduce((best, size) => (size.width * size.height > best.width * best.height ? size : best));
}

/**
 * The Telegram Bot API (../shared/docs/INTEGRATIONS.md §5). Nothing is retried here: a send is not
 * idempotent and a 429 names its own wait, so the caller (the broadcast queue) decides. The token is
 * part of every URL, so no URL and none of fetch's own texts reach an error or a log line.
 */
export function createTelegramBotApi({
  baseUrl = DEFAULT_BASE_URL,
  token,
  timeoutMs,
  log,
}: {
  baseUrl?: string;
  token: string;
  timeoutMs: number;
  log?: FastifyBaseLogger;
}) {
  const root = baseUrl.replace(/\/+$/, '');
  const hideToken = (text: string) => (token ? text.replaceAll(token, '•••') : text);

  function report(error: TelegramApiError): TelegramApiError {
    const details = { method: error.method, status: error.status, description: error.description };
    // A subscriber who blocked the bot is routine in a broadcast; so is waiting out a 429.
    if (isBlockedError(error as unknown)) log?.debug(details, 'Telegram call refused');
    else if (isRateLimitError(error as unknown))
      log?.info({ ...details, retryAfterSeconds: error.retryAfterSeconds }, 'Telegram call rate-limited');
    else log?.warn(details, 'Telegram call failed');
    return error;
  }

  async function call<T>(method: string, params: Record<string, unknown> | FormData, options: CallOptions = {}): Promise<T> {
    const waitMs = options.waitMs ?? timeoutMs;
    const timeout = AbortSignal.timeout(waitMs);
    let status: number;
    let raw: string;
    let retryAfterHeader: string | null;
    try {
      const isForm = params instanceof FormData;
      const response = await fetch(`${root}/bot${token}/${method}`, {
        method: 'POST',
        // FormData sets its own multipart boundary.
        headers: isForm ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: isForm ? params : JSON.stringify(params),
        signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
      });
      status = response.status;
      retryAfterHeader = response.headers.get('retry-after');
      raw = await response.text();
    } catch (error) {
      const failure = new TelegramApiError(method, 0, noAnswerReason(error, waitMs, options.signal));
      // The caller stopped it on purpose (shutdown): nothing went wrong.
      if (options.signal?.aborted) throw failure;
      throw report(failure);
    }
    const answer = parseJson(raw) as {
      ok?: unknown;
      result?: unknown;
      error_code?: unknown;
      description?: unknown;
      parameters?: { retry_after?: unknown };
    } | null;
    if (answer?.ok === true && status >= 200 && status < 300) return answer.result as T;
    const code = typeof answer?.error_code === 'number' ? answer.error_code : status;
    const description = typeof answer?.description === 'string' ? hideToken(answer.description) : `unexpected answer (HTTP ${status})`;
    const retryAfter = answer?.parameters?.retry_after ?? (retryAfterHeader === null ? null : Number(retryAfterHeader));
    const retryAfterSeconds = typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null;
    throw report(new TelegramApiError(method, code, description, retryAfterSeconds));
  }

  return {
    async getMe(): Promise<{ id: number; username: string; firstName: string }> {
      const me = await call<{ id: number; username?: string; first_name: string }>('getMe', {});
      return { id: me.id, username: me.username ?? '', firstName: me.first_name };
    },

    /**
     * `html` is Telegram HTML. A message carries one markup: `keyboard`, when given, wins over the
     * button.
     */
    async sendMessage({
      chatId,
      html,
      button,
      keyboard,
    }: {
      chatId: string | number;
      html: string;
      button?: TelegramUrlButton | null;
      keyboard?: 'request_contact' | 'remove';
    }): Promise<{ messageId: number }> {
      const markup = replyMarkup(button, keyboard);
      const message = await call<SentMessage>('sendMessage', {
        chat_id: chatId,
        text: html,
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ...(markup && { reply_markup: markup }),
      });
      return { messageId: message.message_id };
    },

    /** Answers the largest size's file_id: sending it again instead of the bytes skips the upload. */
    async sendPhoto({
      chatId,
      photo,
      captionHtml,
      button,
    }: {
      chatId: string | number;
      photo: TelegramPhotoInput;
      captionHtml: string;
      button?: TelegramUrlButton | null;
    }): Promise<{ messageId: number; fileId: string }> {
      const markup = replyMarkup(button, undefined);
      let params: Record<string, unknown> | FormData;
      if ('fileId' in photo) {
        params = {
          chat_id: chatId,
          photo: photo.fileId,
          caption: captionHtml,
          parse_mode: 'HTML',
          ...(markup && { reply_markup: markup }),
        };
      } else {
        const form = new FormData();
        form.set('chat_id', String(chatId));
        form.set('photo', new Blob([new Uint8Array(photo.bytes)], { type: photo.contentType }), photo.filename);
        form.set('caption', captionHtml);
        form.set('parse_mode', 'HTML');
        if (markup) form.set('reply_markup', JSON.stringify(markup));
        params = form;
      }
      const message = await call<SentMessage>('sendPhoto', params);
      const largest = largestPhoto(message.photo);
      if (!largest) throw report(new TelegramApiError('sendPhoto', 200, 'the answer has no photo sizes'));
      return { messageId: message.message_id, fileId: largest.file_id };
    },

    /** Telegram then POSTs each update to `url` with `secretToken` in X-Telegram-Bot-Api-Secret-Token. */
    async setWebhook({
      url,
      secretToken,
      allowedUpdates,
      dropPendingUpdates = false,
    }: {
      url: string;
      secretToken: string;
      allowedUpdates: TelegramUpdateKind[];
      dropPendingUpdates?: boolean;
    }): Promise<void> {
      await call('setWebhook', {
        url,
        secret_token: secretToken,
        allowed_updates: allowedUpdates,
        drop_pending_updates: dropPendingUpdates,
      });
    },

    async deleteWebhook({ dropPendingUpdates = false }: { dropPendingUpdates?: boolean } = {}): Promise<void> {
      await call('deleteWebhook', { drop_pending_updates: dropPendingUpdates });
    },

    async getWebhookInfo(): Promise<{
      url: string;
      pendingUpdateCount: number;
      lastErrorAt: Date | null;
      lastErrorMessage: string | null;
    }> {
      const info = await call<{ url: string; pending_update_count: number; last_error_date?: number; last_error_message?: string }>(
        'getWebhookInfo',
        {},
      );
      return {
        url: info.url,
        pendingUpdateCount: info.pending_update_count,
        lastErrorAt: info.last_error_date ? new Date(info.last_error_date * 1000) : null,
        lastErrorMessage: info.last_error_message ?? null,
      };
    },

    /**
     * Long polling: Telegram holds the request up to `timeoutSeconds` for an update to come. `offset`
     * (the last update_id handled + 1) confirms every earlier update. An abort through `signal` throws
     * a TelegramApiError with status 0 and is not logged.
     */
    async getUpdates({
      offset,
      timeoutSeconds,
      signal,
      allowedUpdates,
    }: {
      offset?: number;
      timeoutSeconds: number;
      signal?: AbortSignal;
      allowedUpdates?: TelegramUpdateKind[];
    }): Promise<TelegramUpdate[]> {
      return call<TelegramUpdate[]>(
        'getUpdates',
        { ...(offset !== undefined && { offset }), timeout: timeoutSeconds, ...(allowedUpdates && { allowed_updates: allowedUpdates }) },
        // The request itself must outlive Telegram's wait, or every quiet poll would end as a timeout.
        { waitMs: timeoutSeconds * 1000 + timeoutMs, signal },
      );
    },

    async answerCallbackQuery(id: string, text?: string): Promise<void> {
      await call('answerCallbackQuery', { callback_query_id: id, ...(text && { text }) });
    },
  };
}
