import {
  customCashbackBodySchema,
  customCashbackResponseSchema,
  customCashbackSetResponseSchema,
  errorBodySchema,
  updateProfileBodySchema,
  userSchema,
} from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, currentAuth, requireRole } from '../../plugins/authentication.js';
import { toUserView } from './user-view.js';

const authErrors = { 401: errorBodySchema, 403: errorBodySchema };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/my', {
    schema: {
      tags: ['users'],
      summary: 'Текущий пользователь',
      security: [{ bearer: [] }],
      response: { 200: userSchema, 401: errorBodySchema },
    },
    preHandler: authenticate,
    handler: async (request) => toUserView(currentAuth(request).user),
  });

  app.patch('/users/update', {
    schema: {
      tags: ['users'],
      summary: 'Изменение профиля и пароля (нужен текущий пароль; другие сессии завершаются)',
      security: [{ bearer: [] }],
      body: updateProfileBodySchema,
      response: { 200: userSchema, 400: errorBodySchema, 401: errorBodySchema },
    },
    preHandler: authenticate,
    handler: async (request) => {
      const { user, sessionId } = currentAuth(request);
      return toUserView(await app.services.profile.updateProfile(user, sessionId, request.body));
    },
  });

  app.post('/users/custom-cashback', {
    schema: {
      tags: ['users'],
      summary: 'Индивидуальный процент кешбэка клиента (null — снять). Только администратор',
      security: [{ bearer: [] }],
      body: customCashbackBodySchema,
      response: { 200: customCashbackSetResponseSchema, 400: errorBodySchema, 404: errorBodySchema, ...authErrors },
    },
    preHandler: requireRole('admin'),
    handler: async (request) => app.services.customCashback.set(request.body.phone, request.body.percent),
  });

  app.get('/users/custom-cashback', {
    schema: {
      tags: ['users'],
      summary: 'Индивидуальный процент кешбэка текущего клиента',
      security: [{ bearer: [] }],
      response: { 200: customCashbackResponseSchema, ...authErrors },
    },
    preHandler: requireRole('client'),
    handler: async (request) => app.services.customCashback.get(currentAuth(request).user),
  });
};
