import { endpoint } from './endpoint.js';
import { healthResponseSchema } from './health.js';
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
