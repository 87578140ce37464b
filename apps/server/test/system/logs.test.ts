import { endpoints } from '@vmeste/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { users } from '../../src/areas/accounts/accounts.schema.js';
import { seedDemoData } from '../../src/seed/demo-accounts.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';

/**
 * What the logs keep: the request log has no link tokens, phones or searches; the error log of a
 * failed query has no SQL parameters (a phone, an e-mail, a password hash). The app's logger is
 * swapped per request for one that keeps the lines here.
 */
const lines: string[] = [];

function capturingLogger(): FastifyBaseLogger {
  const write = (level: string) => (object: unknown, message?: string) => {
    lines.push(JSON.stringify({ level, ...(typeof object === 'object' ? object : { msg: object }), msg: message }));
  };
  const logger = {
    level: 'info',
    info: write('info'),
    error: write('error'),
    warn: write('warn'),
    fatal: write('fatal'),
    debug: () => {},
    trace: () => {},
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

const PHONE = '79005550101';
const EMAIL = 'secret-mail@example.com';
const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2g';

let app: FastifyInstance;
let database: Database;
let admin: Headers;
beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ':memory:', JOBS_ENABLED: 'false' });
  database = await openDatabase({ dataDir: config.dataDir });
  app = await buildApp(config, { database, logger: false });
  app.addHook('onRequest', (request, _reply, done) => {
    request.log = capturingLogger();
    done();
  });
  // A failed insert as any area could run one: the second row takes a phone already taken.
  app.post('/test/failing-insert', async () => {
    const row = { phone: PHONE, name: 'А', surname: 'Б', email: EMAIL, passwordHash: HASH, referralCode: 'LOGTEST1' };
    await app.database.db.insert(users).values(row);
    await app.database.db.insert(users).values({ ...row, referralCode: 'LOGTEST2' });
    return {};
  });
  await seedDemoData(app.areas);
  await app.ready();
  admin = await signInAs(app, 'admin');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function requestLineOf(path: string): { url: string } {
  const found = lines.map((line) => JSON.parse(line) as { msg?: string; url: string }).filter((l) => l.msg === 'request');
  const line = found.findLast((l) => l.url.startsWith(path));
  expect(line, `no request line for ${path} in ${JSON.stringify(found.map((l) => l.url))}`).toBeDefined();
  return line!;
}

describe('the request log', () => {
  it('hides the token of a reset link', async () => {
    await call(app, endpoints.auth.checkResetLink, { params: { id: 'SeCrEtToKeN-1234567890abcdef' } });
    expect(requestLineOf('/api/auth/reset-password').url).toBe('/api/auth/reset-password/***');
    expect(lines.join('\n')).not.toContain('SeCrEtToKeN');
  });

  it("hides a public link's id (an order by its link) but keeps a staff route's uuid", async () => {
    await call(app, endpoints.orders.getByLink, { params: { id: '11111111-2222-4333-8444-555555555555' } });
    expect(requestLineOf('/api/orders/').url).toBe('/api/orders/***');
    await call(app, endpoints.purchases.get, { params: { id: '11111111-2222-4333-8444-666666666666' }, headers: admin });
    expect(requestLineOf('/api/purchases/').url).toBe('/api/purchases/11111111-2222-4333-8444-666666666666');
  });

  it('hides phones and searches in the query, keeps paging', async () => {
    await call(app, endpoints.bonus.client, { query: { phone: PHONE }, headers: admin });
    expect(requestLineOf('/api/bonus/client').url).toBe('/api/bonus/client?phone=***');
    await callUnchecked(app, endpoints.warehouse.search, { query: { q: 'Иванова', page: '2' }, headers: admin });
    expect(requestLineOf('/api/warehouse/search').url).toBe('/api/warehouse/search?q=***&page=2');
    expect(lines.join('\n')).not.toContain(PHONE);
  });

  it('hides token-like segments of a path no route has (a web page such as /order/<id>)', async () => {
    await app.inject({ method: 'GET', url: '/order/0f8a7c2e9b4d4e1f8a7c2e9b4d4e1f8a' });
    expect(requestLineOf('/order').url).toBe('/order/***');
  });
});

describe('the error log of a failed query', () => {
  it('has the code and the constraint, never the parameters', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/test/failing-insert' });
    expect(res.statusCode).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_phone_unique');
    for (const secret of [PHONE, EMAIL, 'c2VjcmV0LWhhc2g', 'LOGTEST']) expect(logged).not.toContain(secret);
  });
});
