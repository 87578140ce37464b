import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.js';

/** Public uploads (covers). Names are random and never reused, so they are cached for a year. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/files/covers/:name', {
    schema: {
      tags: ['files'],
      summary: 'Картинка обложки',
      params: z.object({ name: z.string().regex(/^[a-f0-9-]+(-thumb)?\.webp$/, 'Файл не найден') }),
    },
    handler: async (request, reply) => {
      const data = await app.storage.get(`covers/${request.params.name}`);
      if (!data) throw new AppError('NOT_FOUND', 'Файл не найден');
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(data);
    },
  });
};
