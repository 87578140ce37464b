import { healthResponseSchema } from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    schema: {
      tags: ['system'],
      summary: 'Состояние сервиса и базы данных',
      response: { 200: healthResponseSchema, 503: healthResponseSchema },
    },
    handler: async (_request, reply) => {
      const isDatabaseUp = await app.database.ping();
      const body = {
        status: isDatabaseUp ? ('ok' as const) : ('degraded' as const),
        database: isDatabaseUp ? ('ok' as const) : ('unavailable' as const),
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(isDatabaseUp ? 200 : 503).send(body);
    },
  });
};
