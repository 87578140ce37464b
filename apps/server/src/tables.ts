/**
 * Every table of the app, for drizzle-kit and the migrations. Each area owns its tables in its own
 * `<area>.schema.ts`; application code imports them from there, never from here.
 */
export * from './shared/rate-limits.schema.js';
export * from './areas/accounts/accounts.schema.js';
export * from './areas/messaging/messaging.schema.js';
export * from './areas/cards/cards.schema.js';
export * from './areas/purchases/purchases.schema.js';
export * from './areas/orders/orders.schema.js';
export * from './areas/orders/order-notices.schema.js';
export * from './areas/payments/payments.schema.js';
export * from './areas/warehouse/warehouse.schema.js';
export * from './jobs/jobs.schema.js';
export * from './areas/delivery/delivery.schema.js';
export * from './areas/bonus/bonus.schema.js';
export * from './areas/telegram/telegram.schema.js';
export * from './integrations/storage/stored-files.schema.js';
