import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createAccountsArea } from './areas/accounts/index.js';
import { createAuditArea } from './areas/audit/index.js';
import { createBonusArea } from './areas/bonus/index.js';
import { createCardsArea } from './areas/cards/index.js';
import { createDeliveryArea } from './areas/delivery/index.js';
import { createMessagingArea } from './areas/messaging/index.js';
import { createOrdersArea } from './areas/orders/index.js';
import { createPaymentsArea } from './areas/payments/index.js';
import { createPurchasesArea } from './areas/purchases/index.js';
import { createReportsArea } from './areas/reports/index.js';
import { createTelegramArea } from './areas/telegram/index.js';
import { systemJobs, systemRoutes } from './areas/system/index.js';
import { createWarehouseArea } from './areas/warehouse/index.js';
import { createSmsRuClient } from './integrations/sms/smsru-client.js';
import type { FileStorage } from './integrations/storage/file-storage.js';
import type { Waiting } from './shared/waiting.js';

/**
 * Every area of the app, built once per app instance over one database, each given only the public
 * faces of the areas it depends on. The order below is the dependency order: an area comes after
 * everything it uses.
 */
export function createAreas({
  database,
  config,
  log,
  storage,
}: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  storage: FileStorage;
}) {
  const { db } = database;
  const sms = config.sms.provider === 'smsru' ? createSmsRuClient(config.sms) : null;
  const messaging = createMessagingArea({ db, sms, log });
  const accounts = createAccountsArea({ db, config, messenger: messaging.messenger });
  const cards = createCardsArea({ db });
  const purchases = createPurchasesArea({ db, storage, cards });
  const orders = createOrdersArea({ db, accounts, purchases, messenger: messaging.messenger, publicUrl: config.publicUrl });
  const payments = createPaymentsArea({ db, config, log, storage, orders, purchases, cards, messenger: messaging.messenger });
  const warehouse = createWarehouseArea({ db, orders, purchases, messenger: messaging.messenger, publicUrl: config.publicUrl });
  const delivery = createDeliveryArea({ db, config, log, accounts, orders, payments, warehouse, messenger: messaging.messenger });
  const bonus = createBonusArea({ db, storage, accounts, purchases, orders, payments, messenger: messaging.messenger });
  const reports = createReportsArea({ db, databaseKind: database.kind, accounts, orders, payments, bonus });
  const audit = createAuditArea({ db, orders, payments, bonus, delivery });
  const telegram = createTelegramArea({ db, config, log, storage, accounts, messenger: messaging.messenger });
  return {
    messaging,
    accounts,
    cards,
    purchases,
    orders,
    payments,
    warehouse,
    delivery,
    bonus,
    reports,
    telegram,
    audit,
    routes: [
      ...systemRoutes({ database, config, messaging }),
      ...accounts.routes,
      ...cards.routes,
      ...purchases.routes,
      ...orders.routes,
      ...payments.routes,
      ...warehouse.routes,
      ...delivery.routes,
      ...bonus.routes,
      ...reports.routes,
      ...telegram.routes,
      ...audit.routes,
    ],
    /** What waits in the areas' queues (payments, refunds, messages), each read by its owner, for monitoring. */
    async waiting(): Promise<Waiting[]> {
      // One after another: a scrape holds one connection at a time, as it did with one statement.
      const rows: Waiting[] = [];
      for (const read of [payments.waiting, messaging.waiting, telegram.waiting]) rows.push(...(await read()));
      return rows;
    },
    /** Background jobs of every area, run by jobs/job-runner.ts. */
    jobs: [
      ...messaging.jobs,
      ...purchases.jobs,
      ...orders.jobs,
      ...payments.jobs,
      ...delivery.jobs,
      ...bonus.jobs,
      ...telegram.jobs,
      ...systemJobs({ db, storage, log }),
    ],
    /** Starts what areas run beside the jobs (the messages' nudge, Telegram's sender and update polling). */
    startBackground: () => {
      messaging.start();
      telegram.start();
    },
    /** Closes what areas started themselves (the built-in emulators, Telegram's loops). */
    close: async () => {
      await Promise.all([delivery.close(), telegram.close(), messaging.close()]);
    },
  };
}

export type Areas = ReturnType<typeof createAreas>;
