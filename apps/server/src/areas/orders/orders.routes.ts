import {
  createOrderBodySchema,
  errorBodySchema,
  IMPORT_MAX_BYTES,
  importResultSchema,
  myOrdersQuerySchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderSchema,
  pageOf,
  publicOrderSchema,
  purchaseIdParamsSchema,
  updateOrderBodySchema,
} from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, requireRole } from '../../plugins/authentication.js';
import { readUploadedFile } from '../../shared/uploaded-file.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearer: [] }];

export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireRole('admin'));

  app.get('/orders', {
    schema: {
      tags: ['orders'],
      summary: 'Заказы: фильтр по закупке, телефону, оплате; постранично. Администратор',
      security,
      querystring: orderListQuerySchema,
      response: { 200: pageOf(orderSchema), ...errors },
    },
    handler: (request) => app.services.orders.list(request.query),
  });

  app.post('/orders', {
    schema: {
      tags: ['orders'],
      summary: 'Заказ вручную. Администратор',
      security,
      body: createOrderBodySchema,
      response: { 201: orderSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await app.services.orders.create(request.body)),
  });

  app.patch('/orders/:id', {
    schema: {
      tags: ['orders'],
      summary: 'Правка заказа; выросшая после оплаты сумма становится доплатой. Администратор',
      security,
      params: orderIdParamsSchema,
      body: updateOrderBodySchema,
      response: { 200: orderSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
    },
    handler: (request) => app.services.orders.update(request.params.id, request.body),
  });

  app.post('/purchases/:id/orders/import', {
    schema: {
      tags: ['orders'],
      summary: 'Импорт заказов из XLSX или CSV (поле file); dryRun=true — только предпросмотр. Всё или ничего. Администратор',
      security,
      consumes: ['multipart/form-data'],
      params: purchaseIdParamsSchema,
      querystring: z.object({
        dryRun: z.enum(['true', 'false'], { error: 'dryRun — true (только предпросмотр) или false' }).default('false'),
      }),
      response: {
        200: importResultSchema,
        404: errorBodySchema,
        409: errorBodySchema,
        413: errorBodySchema,
        415: errorBodySchema,
        ...errors,
      },
    },
    handler: async (request) => {
      const { data } = await readUploadedFile(request, IMPORT_MAX_BYTES);
      return app.services.orders.importOrders(request.params.id, data, { dryRun: request.query.dryRun === 'true' });
    },
  });
};

export const clientOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/orders/my', {
    schema: {
      tags: ['orders'],
      summary: 'Свои заказы клиента: unpaid — есть что оплатить, paid — оплаченные',
      security,
      querystring: myOrdersQuerySchema,
      response: { 200: z.array(orderSchema), ...errors },
    },
    preHandler: requireRole('client'),
    handler: (request) => app.services.orders.listMine(currentAuth(request).user.id, request.query.state),
  });
};

export const publicOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/orders/:id', {
    schema: {
      tags: ['orders'],
      summary: 'Заказ по ссылке (для того, у кого есть ссылка); телефон скрыт',
      params: orderIdParamsSchema,
      response: { 200: publicOrderSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
    handler: (request) => app.services.orders.getPublic(request.params.id),
  });
};
