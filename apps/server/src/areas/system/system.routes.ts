import { systemEndpoints } from '@vmeste/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { countPendingMigrations } from '../../db/migration-state.js';
import { routesOf } from '../../http/endpoint-routes.js';
import { AppError } from '../../shared/app-error.js';
import type { MessagingArea } from '../messaging/index.js';

/** What the web app is told of the shop's settings: the API's answer, and the data of server-rendered pages. */
export function publicSettingsOf(config: Config) {
  return {
    ...config.publicSettings,
    isTelegramEnabled: config.telegram.mode !== 'off',
    isAddressSuggestEnabled: Boolean(config.delivery.dadataApiKey),
  };
}

export function systemRoutes({ database, config, messaging }: { database: Database; config: Config; messaging: MessagingArea }) {
  return routesOf(systemEndpoints, {
    health: async ({ reply }) => {
      const isDatabaseUp = await database.ping();
      return reply.status(isDatabaseUp ? 200 : 503).send({
        status: isDatabaseUp ? 'ok' : 'degraded',
        database: isDatabaseUp ? 'ok' : 'unavailable',
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
    ready: async ({ reply }) => {
      const pendingMigrations = (await database.ping()) ? await countPendingMigrations(database.db).catch(() => null) : null;
      const isReady = pendingMigrations === 0;
      return reply.status(isReady ? 200 : 503).send({
        status: isReady ? 'ready' : 'not_ready',
        database: pendingMigrations === null ? 'unavailable' : 'ok',
        pendingMigrations,
      });
    },
    publicSettings: () => publicSettingsOf(config),
    lastOutboxMessage: async ({ query }) => {
      const message = await messaging.findLastMessage(query.phone, query.kind);
      if (!message) throw new AppError('NOT_FOUND', 'Сообщений на этот телефон нет');
      return message;
    },
  });
}
