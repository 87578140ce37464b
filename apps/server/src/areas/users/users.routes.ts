import { errorBodySchema, userSchema } from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, currentAuth } from '../../plugins/authentication.js';
import { toUserView } from './user-view.js';

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
};
