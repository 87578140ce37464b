import { createAuthService } from './areas/auth/auth.service.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';

/** Every service of the app, built once per app instance over one database. */
export function createServices(database: Database, config: Config) {
  const { db } = database;
  return {
    auth: createAuthService({ db, config }),
  };
}

export type Services = ReturnType<typeof createServices>;
