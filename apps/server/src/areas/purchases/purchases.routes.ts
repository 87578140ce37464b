import {
  COVER_MAX_BYTES,
  errorBodySchema,
  pageOf,
  purchaseBodySchema,
  purchaseCoverSchema,
  purchaseIdParamsSchema,
  purchaseListQuerySchema,
  purchasePatchSchema,
  purchaseSchema,
  purchaseStatusBodySchema,
} from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/authentication.js';
import { readUploadedFile } from '../../shared/uploaded-file.js';

const adminErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearer: [] }];

export const publicPurchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/purchases/covers', {
    schema: { tags: ['purchases'], summary: 'Закупки для главной страницы, в их порядке', response: { 200: z.array(purchaseCoverSchema) } },
    handler: () => app.services.purchases.covers(),
  });
};

/** Purchases for the admin: list, create, edit, cover, lifecycle. */
export const adminPurchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireRole('admin'));

  app.get('/purchases', {
    schema: {
      tags: ['purchases'],
      summary: 'Закупки с фильтром и постраничным выводом. Администратор',
      security,
      querystring: purchaseListQuerySchema,
      response: { 200: pageOf(purchaseSchema), ...adminErrors },
    },
    handler: (request) => app.services.purchases.list(request.query),
  });

  app.get('/purchases/:id', {
    schema: {
      tags: ['purchases'],
      summary: 'Закупка. Администратор',
      security,
      params: purchaseIdParamsSchema,
      response: { 200: purchaseSchema, 404: errorBodySchema, ...adminErrors },
    },
    handler: (request) => app.services.purchases.get(request.params.id),
  });

  app.post('/purchases', {
    schema: {
      tags: ['purchases'],
      summary: 'Новая закупка (черновик). Администратор',
      security,
      body: purchaseBodySchema,
      response: { 201: purchaseSchema, ...adminErrors },
    },
    handler: async (request, reply) => reply.status(201).send(await app.services.purchases.create(request.body)),
  });

  app.patch('/purchases/:id', {
    schema: {
      tags: ['purchases'],
      summary: 'Изменение закупки: поля, карта, показ на главной и порядок. Администратор',
      security,
      params: purchaseIdParamsSchema,
      body: purchasePatchSchema,
      response: { 200: purchaseSchema, 404: errorBodySchema, ...adminErrors },
    },
    handler: (request) => app.services.purchases.update(request.params.id, request.body),
  });

  app.post('/purchases/:id/cover', {
    schema: {
      tags: ['purchases'],
      summary: 'Обложка: JPEG, PNG или WebP до 5 МБ в поле file (multipart). Администратор',
      security,
      consumes: ['multipart/form-data'],
      params: purchaseIdParamsSchema,
      response: { 200: purchaseSchema, 404: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, ...adminErrors },
    },
    handler: async (request) => {
      const { data } = await readUploadedFile(request, COVER_MAX_BYTES);
      return app.services.purchases.uploadCover(request.params.id, data);
    },
  });

  app.post('/purchases/:id/status', {
    schema: {
      tags: ['purchases'],
      summary: 'Шаг жизненного цикла закупки; отмена отменяет неоплаченные заказы. Администратор',
      security,
      params: purchaseIdParamsSchema,
      body: purchaseStatusBodySchema,
      response: { 200: purchaseSchema, 404: errorBodySchema, 409: errorBodySchema, ...adminErrors },
    },
    handler: (request) => app.services.purchases.changeStatus(request.params.id, request.body.status),
  });
};
