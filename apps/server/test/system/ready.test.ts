import { endpoints } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { countPendingMigrations } from '../../src/db/migration-state.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { call } from '../fixtures/requests.js';

/**
 * /api/ready (issue 28, item 6) is what nginx and orchestrators ask before sending an instance
 * requests: 200 only when the database answers and holds every migration of this build. /api/health
 * stays the liveness check.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 180_000);
afterAll(() => ctx.close());

/** An app over a database the test hands it. */
async function appOver(database: Database): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ':memory:', JOBS_ENABLED: 'false' });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  return app;
}

describe('GET /api/ready', () => {
  it('answers 200 when the database is up and migrated, 503 while a migration of this build is missing', async () => {
    const res = await call(ctx.app, endpoints.system.ready);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', pendingMigrations: 0 });

    // The test's own database (in memory, or created for this file on PostgreSQL) is broken on purpose.
    const db = ctx.database.db;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
    const missing = await call(ctx.app, endpoints.system.ready);
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toEqual({ status: 'not_ready', database: 'ok', pendingMigrations: 1 });
    // Liveness is another question: the process is alive and its database answers.
    expect((await call(ctx.app, endpoints.system.health)).statusCode).toBe(200);

    await db.execute(sql`drop schema drizzle cascade`);
    const none = await call(ctx.app, endpoints.system.ready);
    expect(none.statusCode).toBe(503);
    expect(none.json<{ pendingMigrations: number }>().pendingMigrations).toBe(await countPendingMigrations(db));
    expect(await countPendingMigrations(db)).toBeGreaterThan(20);
  });

  it('answers 503 when the database is down, and /metrics counts the failed checks as errors', async () => {
    // A server nobody listens on: every connection is refused, as when PostgreSQL is stopped.
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/vmeste', connectionTimeoutMillis: 2000 });
    const db = drizzle(pool) as unknown as Database['db'];
    const ping = () =>
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
    const app = await appOver({ db, kind: 'postgres', ping, close: () => pool.end() });
    try {
      const res = await call(app, endpoints.system.ready);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', database: 'unavailable', pendingMigrations: null });
      expect((await call(app, endpoints.system.health)).statusCode).toBe(503);

      const metrics = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('http_request_errors_total{route="/api/health"} 1');
      expect(metrics.body).toContain('http_request_errors_total{route="/api/ready"} 1');
      expect(metrics.body).toContain('vmeste_backlog_read_ok 0');
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
