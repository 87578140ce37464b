/**
 * A refusal by the Bot API, or no answer at all (status 0). The text is technical English for the
 * log, never shown to people as is, and it never carries the bot token.
 */
export class TelegramApiError extends Error {
  override readonly name = 'TelegramApiError';

  constructor(
    readonly method: string,
    /** Telegram's error_code (the HTTP status it answered with); 0 when no answer came. */
    readonly status: number,
    readonly description: string,
    /** How long Telegram asked to wait before the next message (429 only). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Telegram ${method} failed: ${description}`);
  }
}

/** Telegram's words for a chat the bot can no longer write to; sending there again will not help. */
const unreachableChat = /bot was blocked by the user|user is deactivated|bot was kicked/i;

export function isBlockedError(error: unknown): error is TelegramApiError {
  return error instanceof TelegramApiError && error.status === 403 && unreachableChat.test(error.description);
}

export function isRateLimitError(error: unknown): error is TelegramApiError {
  return error instanceof TelegramApiError && error.status === 429;
}

/**
 * No connection was made, so Telegram cannot have the message: sending again is safe. A timeout or a
 * connection dropped mid-way may have delivered it, and is not this.
 */
export function isNeverSentError(error: unknown): error is TelegramApiError {
  return (
    error instanceof TelegramApiError &&
    error.status === 0 &&
    /network error \((ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|UND_ERR_CONNECT_TIMEOUT)\)/.test(error.description)
  );
}
