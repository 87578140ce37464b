import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/demo-accounts.js';

export type TestContext = { app: FastifyInstance; database: Database; config: Config; close(): Promise<void> };

/**
 * A fresh app on a fresh database: in-memory PGlite by default; with DATABASE_URL, a new database on
 * that server (created here, dropped at close) so test files never see each other's rows.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const { default: pg } = await import('pg');
    const name = `vmeste_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // Without FORCE: pool.end() resolves before its sockets close, and a forced drop would kill those
    // closing connections with a FATAL the test run reports. Wait for them to go instead.
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        for (let attempt = 0; ; attempt += 1) {
          try {
            await client.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    };
  }
  let config: Config;
  try {
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: ':memory:',
      // Tests sign in and up many times from one address; rate-limit tests pass their own low limits.
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_PHONE: '1000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    });
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { database, logger: false });
  await seedDemoData(app.areas);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

export const demoPhones = {
  admin: '79000000001',
  storekeeper: '79000000002',
  logistician: '79000000003',
  client: '79000000004',
  unconfirmedClient: '79000000005',
  organizer: '79000000006',
} as const;

/** Signs in as a demo account and answers its bearer header. */
export async function signInAs(app: FastifyInstance, who: keyof typeof demoPhones): Promise<{ authorization: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { phone: demoPhones[who], password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`sign-in as ${who} failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json<{ accessToken: string }>().accessToken}` };
}
