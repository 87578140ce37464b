import { endpoint } from './endpoint.js';
import { healthResponseSchema, readinessResponseSchema } from './health.js';
import { lastOutboxMessageQuerySchema, outboxMessageSchema } from './messaging.js';
import { publicSettingsSchema } from './settings.js';

/** The service itself: health, public settings, and the outbox for tests outside production. */
export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    tag: 'system',
    summary: 'Состояние сервиса и базы данных',
    access: 'public',
    response: healthResponseSchema,
    otherResponses: { 503: healthResponseSchema },
  }),
  /** For the proxy and orchestrators: 503 until the database answers and has this build's migrations. */
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    tag: 'system',
    summary: 'Готов ли экземпляр принимать запросы (база доступна, миграции применены)',
    access: 'public',
    response: readinessResponseSchema,
    otherResponses: { 503: readinessResponseSchema },
  }),
  publicSettings: endpoint({
    method: 'GET',
    path: '/settings/public',
    tag: 'system',
    summary: 'Реквизиты магазина и публичные настройки для веб-приложения',
    access: 'public',
    response: publicSettingsSchema,
  }),
  lastOutboxMessage: endpoint({
    method: 'GET',
    path: '/dev/outbox/last',
    tag: 'development',
    summary: 'Последнее сообщение на телефон (только вне production)',
    access: 'public',
    query: lastOutboxMessageQuerySchema,
    response: outboxMessageSchema,
    errors: [404],
    isDevOnly: true,
  }),
};
