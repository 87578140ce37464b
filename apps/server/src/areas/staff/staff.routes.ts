import {
  createStaffBodySchema,
  errorBodySchema,
  staffListQuerySchema,
  staffUserSchema,
  updateStaffBodySchema,
  userIdParamsSchema,
} from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, requireRole } from '../../plugins/authentication.js';
import { toStaffView } from './staff-view.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Employees; the whole area is for admins only. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireRole('admin'));

  app.get('/users', {
    schema: {
      tags: ['staff'],
      summary: 'Сотрудники (все роли, кроме клиентов). Только администратор',
      security: [{ bearer: [] }],
      querystring: staffListQuerySchema,
      response: { 200: z.array(staffUserSchema), ...errors },
    },
    handler: async (request) => (await app.services.staff.list(request.query.role)).map(toStaffView),
  });

  app.post('/users', {
    schema: {
      tags: ['staff'],
      summary: 'Новый сотрудник. Только администратор',
      security: [{ bearer: [] }],
      body: createStaffBodySchema,
      response: { 201: staffUserSchema, 409: errorBodySchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(toStaffView(await app.services.staff.create(request.body))),
  });

  app.patch('/users/:id', {
    schema: {
      tags: ['staff'],
      summary: 'Изменение сотрудника: роль, имя, пароль, активность. Только администратор',
      security: [{ bearer: [] }],
      params: userIdParamsSchema,
      body: updateStaffBodySchema,
      response: { 200: staffUserSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
    },
    handler: async (request) => toStaffView(await app.services.staff.update(currentAuth(request).user, request.params.id, request.body)),
  });

  app.delete('/users/:id', {
    schema: {
      tags: ['staff'],
      summary: 'Отключение сотрудника (мягкое удаление). Только администратор',
      security: [{ bearer: [] }],
      params: userIdParamsSchema,
      response: { 200: staffUserSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
    },
    handler: async (request) => toStaffView(await app.services.staff.deactivate(currentAuth(request).user, request.params.id)),
  });
};
