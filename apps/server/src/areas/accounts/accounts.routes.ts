import {
  activationConfirmBodySchema,
  activationSendResponseSchema,
  errorBodySchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  okResponseSchema,
  resetPasswordBodySchema,
  userSchema,
} from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../auth/request-meta.js';
import { currentAuth, requireRole } from '../../plugins/authentication.js';
import { toUserView } from '../users/user-view.js';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/forgot-password', {
    schema: {
      tags: ['auth'],
      summary: 'Ссылка для сброса пароля по SMS; ответ одинаков для любого телефона',
      body: forgotPasswordBodySchema,
      response: { 200: okResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
    },
    handler: async (request) => {
      await app.services.passwordRecovery.requestReset(request.body.phone, requestMeta(request));
      return { ok: true as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  });

  app.post('/auth/reset-password', {
    schema: {
      tags: ['auth'],
      summary: 'Новый пароль по ссылке; все сессии пользователя завершаются',
      body: resetPasswordBodySchema,
      response: { 200: okResponseSchema, 400: errorBodySchema },
    },
    handler: async (request) => {
      await app.services.passwordRecovery.resetPassword(request.body.id, request.body.password);
      return { ok: true as const };
    },
  });

  app.post('/auth/activation/send', {
    schema: {
      tags: ['auth'],
      summary: 'Код подтверждения аккаунта на телефон (повторно — через 60 секунд)',
      security: [{ bearer: [] }],
      response: {
        200: activationSendResponseSchema,
        401: errorBodySchema,
        403: errorBodySchema,
        409: errorBodySchema,
        429: errorBodySchema,
        503: errorBodySchema,
      },
    },
    preHandler: requireRole('client'),
    handler: async (request) => ({
      ok: true as const,
      ...(await app.services.activation.sendCode(currentAuth(request).user, requestMeta(request))),
    }),
  });

  app.post('/auth/activation/confirm', {
    schema: {
      tags: ['auth'],
      summary: 'Подтверждение аккаунта кодом из SMS',
      security: [{ bearer: [] }],
      body: activationConfirmBodySchema,
      response: {
        200: userSchema,
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
        409: errorBodySchema,
        429: errorBodySchema,
      },
    },
    preHandler: requireRole('client'),
    handler: async (request) =>
      toUserView(await app.services.activation.confirm(currentAuth(request).user, request.body.code, requestMeta(request))),
  });
};
