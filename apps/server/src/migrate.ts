import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { loggableError } from './shared/loggable-error.js';

/**
 * Applies the migrations of this build and exits, without starting the shop: the first step of an
 * upgrade (docs/deployment.md), run once before the new instances, so none of them migrates under
 * load and an old instance keeps serving until it is replaced. A start applies them too.
 */
async function migrateOnly() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.close();
  const where = config.databaseUrl ? 'PostgreSQL' : `встроенная PGlite в ${config.dataDir}`;
  process.stdout.write(`Миграции применены (${where}).\n`);
}

migrateOnly().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : loggableError(error));
  process.exit(1);
});
