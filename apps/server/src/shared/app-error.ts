import { plural } from '@vmeste/contract';

/**
 * The one error type of the server. Services throw it; the error handler turns it into
 * `{ statusCode, error, message }`. The message is Russian and is shown to the user as is.
 */
export const errorCodes = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

export const errorNames: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export class AppError extends Error {
  readonly statusCode: number;
  readonly field: string | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: { field?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorCodes[code];
    this.field = options.field;
    this.headers = options.headers;
  }
}

export const messages = {
  unauthorized: 'Войдите в личный кабинет, чтобы продолжить',
  forbidden: 'Недостаточно прав для этого действия',
  notFound: 'Такой страницы нет',
  /** Never names the address asked for: an error body does not echo the request back. */
  noSuchAddress: 'Такого адреса нет',
  internal: 'Внутренняя ошибка сервера. Мы уже разбираемся, попробуйте позже',
  tooManyRequests: (seconds: number) =>
    `Слишком много попыток. Повторите через ${seconds} ${plural(seconds, 'секунду', 'секунды', 'секунд')}`,
} as const;
