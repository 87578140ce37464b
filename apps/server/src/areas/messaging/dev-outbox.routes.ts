import { errorBodySchema, outboxMessageSchema, phoneField } from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.js';
import { findLastOutboxMessage } from './outbox.repository.js';

/**
 * Development and tests only (never registered when NODE_ENV is production): the last message sent
 * to a phone, so a test can read an activation code or a reset link.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/outbox/last', {
    schema: {
      tags: ['development'],
      summary: 'Последнее сообщение на телефон (только вне production)',
      querystring: z.object({ phone: phoneField, kind: z.enum(['activation_code', 'password_reset']).optional() }),
      response: { 200: outboxMessageSchema, 404: errorBodySchema },
    },
    handler: async (request) => {
      const row = await findLastOutboxMessage(app.database.db, request.query.phone, request.query.kind);
      if (!row) throw new AppError('NOT_FOUND', 'Сообщений на этот телефон нет');
      return { phone: row.phone, kind: row.kind, text: row.text, createdAt: row.createdAt.toISOString() };
    },
  });
};
