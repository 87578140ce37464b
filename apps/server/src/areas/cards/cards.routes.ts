import { cardBodySchema, cardIdParamsSchema, cardPatchSchema, cardSchema, errorBodySchema } from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/authentication.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearer: [] }];

/** Bank cards for transfers; admins only. */
export const cardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireRole('admin'));

  app.get('/cards', {
    schema: { tags: ['cards'], summary: 'Карты для переводов. Администратор', security, response: { 200: z.array(cardSchema), ...errors } },
    handler: () => app.services.cards.list(),
  });
  app.post('/cards', {
    schema: {
      tags: ['cards'],
      summary: 'Новая карта (номер проверяется по алгоритму Луна). Администратор',
      security,
      body: cardBodySchema,
      response: { 201: cardSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await app.services.cards.create(request.body)),
  });
  app.patch('/cards/:id', {
    schema: {
      tags: ['cards'],
      summary: 'Изменение карты. Администратор',
      security,
      params: cardIdParamsSchema,
      body: cardPatchSchema,
      response: { 200: cardSchema, 404: errorBodySchema, ...errors },
    },
    handler: (request) => app.services.cards.update(request.params.id, request.body),
  });
  app.delete('/cards/:id', {
    schema: {
      tags: ['cards'],
      summary: 'Удаление карты (мягкое); нельзя, пока она привязана к незавершённой закупке. Администратор',
      security,
      params: cardIdParamsSchema,
      response: { 200: cardSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
    },
    handler: (request) => app.services.cards.delete(request.params.id),
  });
};
