import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, errorNames, messages } from '../shared/app-error.js';
import { loggableError } from '../shared/loggable-error.js';

/**
 * Fastify's and its plugins' own error codes that a client can cause, with the Russian text to answer.
 * Their English messages quote what was sent (the path, the field), so none of them is passed on.
 */
const fastifyClientErrors: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: 'Слишком большой запрос' },
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: 'Тело запроса не является корректным JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: 'Тело запроса пустое, а ожидался JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: 'Неподдерживаемый формат данных запроса' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { statusCode: 400, message: 'Неверная длина тела запроса' },
  FST_ERR_CTP_INVALID_TYPE: { statusCode: 415, message: 'Неподдерживаемый формат данных запроса' },
  FST_ERR_CTP_EMPTY_TYPE: { statusCode: 415, message: 'Неподдерживаемый формат данных запроса' },
  FST_ERR_VALIDATION: { statusCode: 400, message: 'Запрос заполнен неверно' },
  FST_ERR_BAD_URL: { statusCode: 400, message: 'Адрес запроса содержит неверно закодированные символы' },
  FST_ERR_MAX_PARAM_LENGTH: { statusCode: 414, message: 'Адрес запроса слишком длинный' },
  FST_PARTS_LIMIT: { statusCode: 413, message: 'Слишком много частей в запросе: отправьте один файл' },
  FST_FILES_LIMIT: { statusCode: 413, message: 'Отправьте один файл' },
  FST_FIELDS_LIMIT: { statusCode: 413, message: 'Слишком много полей в запросе' },
  FST_REQ_FILE_TOO_LARGE: { statusCode: 413, message: 'Файл слишком большой' },
  FST_PROTO_VIOLATION: { statusCode: 400, message: 'Недопустимое имя поля в запросе' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { statusCode: 415, message: 'Неподдерживаемый формат данных запроса' },
  FST_INVALID_JSON_FIELD_ERROR: { statusCode: 400, message: 'Поле запроса не является корректным JSON' },
  FST_MP_PREMATURE_CLOSE: { statusCode: 400, message: 'Запрос оборвался, не дойдя до конца' },
};

const sectionNames: Record<string, string> = {
  body: 'Тело запроса',
  querystring: 'Параметры запроса',
  params: 'Адрес запроса',
  headers: 'Заголовки запроса',
};

/**
 * One place turns every failure into `{ statusCode, error, message }`: the routes' errors, and
 * Fastify's own before a route is found (a bad path, see `frameworkErrors` in app.ts). Client errors
 * carry a Russian message that never repeats the input; server errors are logged with the request id
 * (without SQL parameters, see loggable-error.ts) and answered with a generic text.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) void reply.headers(error.headers);
    const retryAfter = Number(error.headers?.['retry-after']);
    return reply
      .status(error.statusCode)
      .send({ ...body(error.statusCode, error.message, error.field), ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) });
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const section = error.validationContext ?? 'body';
    let message = first?.message ?? 'Запрос заполнен неверно';
    // An issue at the root means the whole section has the wrong shape (an array, a string, nothing).
    if (!field) message = `${sectionNames[section] ?? 'Запрос'}: ожидался объект с полями`;
    return reply.status(400).send(body(400, message, fieldNameOf(field) ?? section));
  }

  if (isResponseSerializationError(error)) {
    request.log.error({ err: loggableError(error), issues: error.cause?.issues }, 'response does not match its schema');
    return reply.status(500).send(body(500, messages.internal));
  }

  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return reply.status(known.statusCode).send(body(known.statusCode, known.message));

  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    return reply.status(statusCode).send(body(statusCode, clientErrorMessage(statusCode)));
  }

  request.log.error({ err: loggableError(error), reqId: request.id }, 'request failed');
  return reply.status(500).send(body(500, messages.internal));
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(answerError);
});

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers too large, a broken
 * request line); Fastify's default answer to those is English. The same body shape, in Russian.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    statusCode === 431
      ? 'Слишком большие заголовки запроса'
      : statusCode === 408
        ? 'Запрос не дошёл вовремя'
        : 'Запрос не может быть прочитан';
  const text = JSON.stringify(body(statusCode, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

/** A field path is shown only when it is made of plain names (it comes from the request's own keys). */
function fieldNameOf(path: string): string | undefined {
  return /^[\w.]{1,100}$/.test(path) ? path : undefined;
}

function clientErrorMessage(statusCode: number): string {
  switch (statusCode) {
    case 401:
      return messages.unauthorized;
    case 403:
      return messages.forbidden;
    case 404:
      return messages.notFound;
    case 405:
      return 'Этот метод не поддерживается';
    case 429:
      return 'Слишком много запросов. Повторите позже';
    default:
      return 'Запрос не может быть выполнен';
  }
}

function body(statusCode: number, message: string, field?: string) {
  return {
    statusCode,
    error: errorNames[statusCode] ?? STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(field ? { field } : {}),
  };
}
