import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { stopOnSignals } from './shutdown.js';
import { loggableError } from './shared/loggable-error.js';
import { formatOutsideServices, outsideServicesOf, productionWarningsOf } from './outside-services.js';
import { describeDemoAccounts, seedDemoData } from './seed/demo-accounts.js';
import { seedDemoBonus } from './seed/demo-bonus.js';
import { seedDemoDelivery } from './seed/demo-delivery.js';
import { seedDemoPurchases } from './seed/demo-purchases.js';
import { seedDemoTelegram } from './seed/demo-telegram.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  if (config.seedDemo && (await seedDemoData(app.areas))) {
    await seedDemoPurchases(app.areas);
    await seedDemoDelivery(app.areas);
    await seedDemoBonus(app.areas);
    await seedDemoTelegram(app.areas, config.publicUrl);
    console.log(`\nБаза данных была пустой: созданы демо-данные.\n${describeDemoAccounts()}\n`);
  }

  if (config.firstAdmin && (await app.areas.accounts.ensureFirstAdmin(config.firstAdmin)) === 'created') {
    console.log(`Создан администратор ${config.firstAdmin.phone} с паролем из ADMIN_PASSWORD.`);
  }

  stopOnSignals(app, { timeoutSeconds: config.shutdownSeconds });

  const services = await outsideServicesOf(config, app.areas);
  console.log(formatOutsideServices(services));
  for (const warning of productionWarningsOf(config, services)) app.log.warn(warning);

  await app.listen({ host: config.host, port: config.port });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `встроенная PGlite в ${config.dataDir}`;
  console.log(`Вместе работает: http://localhost:${config.port}  (база данных: ${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  // Without the query's parameters: a failed insert at start (the first admin, the demo) carries a phone and a hash.
  console.error(loggableError(error));
  process.exit(1);
});
