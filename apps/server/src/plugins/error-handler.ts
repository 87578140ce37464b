import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, errorNames, messages } from '../shared/app-error.js';

/** Fastify's own error codes that a client can cause, with the Russian text to answer. */
const fastifyClientErrors: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: 'Слишком большой запрос' },
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: 'Тело запроса не является корректным JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: 'Тело запроса пустое, а ожидался JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: 'Неподдерживаемый формат данных запроса' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { statusCode: 400, message: 'Неверная длина тела запроса' },
  FST_ERR_VALIDATION: { statusCode: 400, message: 'Запрос заполнен неверно' },
};

const sectionNames: Record<string, string> = {
  body: 'Тело запроса',
  querystring: 'Параметры запроса',
  params: 'Адрес запроса',
  headers: 'Заголовки запроса',
};

/**
 * One place turns every failure into `{ statusCode, error, message }`. Client errors carry a Russian
 * message; server errors are logged with the request id and answered with a generic text.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
      return reply.status(400).send(body(400, message, field || section));
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return reply.status(500).send(body(500, messages.internal));
    }

    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return reply.status(known.statusCode).send(body(known.statusCode, known.message));

    const statusCode = error.statusCode ?? 500;
    if (statusCode === 429) return reply.status(429).send(body(429, error.message));
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send(body(statusCode, clientErrorMessage(statusCode)));
    }

    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(500).send(body(500, messages.internal));
  });
});

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
    default:
      return 'Запрос не может быть выполнен';
  }
}

function body(statusCode: number, message: string, field?: string) {
  return {
    statusCode,
    error: errorNames[statusCode] ?? 'Error',
    message,
    ...(field ? { field } : {}),
  };
}
