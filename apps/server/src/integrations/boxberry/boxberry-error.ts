export type BoxberryErrorKind = 'rejected' | 'timeout' | 'unavailable' | 'bad_answer';

/** Its message is ready to show staff as is; it never carries the API token. */
export class BoxberryError extends Error {
  override readonly name = 'BoxberryError';

  constructor(
    readonly kind: BoxberryErrorKind,
    message: string,
    /** Boxberry refused the token itself: only a new token in the settings helps, retrying does not. */
    readonly isTokenRejected = false,
  ) {
    super(message);
  }
}

export function badAnswer(status: number): BoxberryError {
  return new BoxberryError('bad_answer', `Boxberry вернул непонятный ответ (HTTP ${status})`);
}
