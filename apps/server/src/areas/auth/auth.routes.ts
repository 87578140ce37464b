import { authResponseSchema, errorBodySchema, signinBodySchema, signupBodySchema } from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentAuth } from '../../plugins/authentication.js';
import { requestMeta } from './request-meta.js';

const errors = { 400: errorBodySchema, 429: errorBodySchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/signin', {
    schema: {
      tags: ['auth'],
      summary: 'Вход по телефону и паролю',
      body: signinBodySchema,
      response: { 200: authResponseSchema, 403: errorBodySchema, ...errors },
    },
    handler: (request) => app.services.auth.signIn(request.body, requestMeta(request)),
  });

  app.post('/auth/signup', {
    schema: {
      tags: ['auth'],
      summary: 'Регистрация клиента',
      body: signupBodySchema,
      response: { 200: authResponseSchema, 409: errorBodySchema, ...errors },
    },
    handler: (request) => app.services.auth.signUp(request.body, requestMeta(request)),
  });

  app.delete('/auth/logout', {
    schema: {
      tags: ['auth'],
      summary: 'Выход: сессия отзывается',
      security: [{ bearer: [] }],
      response: { 200: z.object({ ok: z.literal(true) }), 401: errorBodySchema },
    },
    preHandler: authenticate,
    handler: async (request) => {
      await app.services.auth.logout(currentAuth(request).sessionId);
      return { ok: true as const };
    },
  });
};
