import { endpoints } from '@vmeste/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { call } from '../fixtures/requests.js';

/**
 * One log line per request (Fastify's own pair «incoming request» / «request completed» is off, the
 * app writes one line when the answer is sent): the app is started with its real logger writing
 * into this array, and the lines carrying one request's id are counted.
 */
const lines: { reqId?: string; msg?: string; url?: string; statusCode?: number }[] = [];

let app: FastifyInstance;
beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: ':memory:', JOBS_ENABLED: 'false' });
  app = await buildApp(config, { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) } });
  await app.ready();
});
afterAll(() => app.close());

const linesOf = (requestId: string) => lines.filter((line) => line.reqId === requestId);

describe('the request log', () => {
  it('writes exactly one line per request, with its status and address', async () => {
    const res = await call(app, endpoints.system.health, { headers: { 'x-request-id': 'one-line-ok' } });
    expect(res.statusCode).toBe(200);
    expect(linesOf('one-line-ok')).toEqual([expect.objectContaining({ msg: 'request', url: '/api/health', statusCode: 200 })]);
  });

  it('an answer with an error is one line too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-endpoint', headers: { 'x-request-id': 'one-line-404' } });
    expect(res.statusCode).toBe(404);
    expect(linesOf('one-line-404')).toEqual([expect.objectContaining({ msg: 'request', statusCode: 404 })]);
  });
});
