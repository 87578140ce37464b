import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { AppError } from '../shared/app-error.js';
import { errorHandlerPlugin } from './error-handler.js';
import { securityHeaderOptions, securityHeadersPlugin } from './security-headers.js';

const config = loadConfig({ SENTRY_DSN: 'https://key@errors.example.com/1' });

/** The same routes behind either @fastify/helmet itself (per request) or the plugin's ready headers. */
async function appWith(headers: 'helmet' | 'plugin'): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  if (headers === 'helmet') await app.register(helmet, securityHeaderOptions(config));
  else await app.register(securityHeadersPlugin, { config });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/text', async (_request, reply) => reply.type('text/plain').send('да'));
  app.get('/denied', async () => {
    throw new AppError('UNAUTHORIZED', 'Войдите');
  });
  app.get('/boom', async () => {
    throw new Error('broken');
  });
  app.get('/own-policy', async (_request, reply) => reply.header('content-security-policy', "default-src 'none'").send({}));
  await app.ready();
  return app;
}

const helmetNames = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  let reference: FastifyInstance;
  let app: FastifyInstance;
  beforeAll(async () => {
    [reference, app] = await Promise.all([appWith('helmet'), appWith('plugin')]);
  });
  afterAll(() => Promise.all([reference.close(), app.close()]));

  it.each(['/ok', '/text', '/denied', '/boom', '/missing', '/own-policy'])('%s carries exactly what @fastify/helmet sends', async (url) => {
    const [expected, actual] = await Promise.all([reference.inject({ method: 'GET', url }), app.inject({ method: 'GET', url })]);
    expect(actual.statusCode).toBe(expected.statusCode);
    const pick = (headers: Record<string, unknown>) => Object.fromEntries(helmetNames.map((name) => [name, headers[name]]));
    expect(pick(actual.headers)).toEqual(pick(expected.headers));
    expect(actual.headers['content-security-policy']).toBeDefined();
    expect(actual.headers['x-powered-by']).toBeUndefined();
  });

  it('keeps the policy strict and names the error-reporting service', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/ok' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' https://errors.example.com;");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
