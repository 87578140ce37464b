import { publicSettingsSchema } from '@vmeste/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings/public', {
    schema: {
      tags: ['system'],
      summary: 'Реквизиты магазина и публичные настройки для веб-приложения',
      response: { 200: publicSettingsSchema },
    },
    handler: async () => app.config.publicSettings,
  });
};
