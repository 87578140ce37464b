import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { countRows, signupBody } from '../fixtures/accounts-kit.js';
import { call, callUnchecked } from '../fixtures/requests.js';

const NOT_JSON = 'Тело запроса не является корректным JSON';
const NOT_OBJECT = 'Тело запроса: ожидался объект с полями';
const UNSUPPORTED = 'Неподдерживаемый формат данных запроса';
const TOO_LARGE = 'Слишком большой запрос';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_PHONE: '100000' });
});
afterAll(() => ctx.close());

const authUrls = ['/api/auth/signup', '/api/auth/signin'] as const;

/** Sends a raw body and checks that nothing was written. */
async function sendRaw(url: string, payload: string | Buffer, contentType: string) {
  const before = await countRows(ctx);
  const res = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
  expect(await countRows(ctx)).toEqual(before);
  return res;
}

describe('malformed request bodies on the auth routes', () => {
  it.each(authUrls)('%s: a body over 1 MiB → 413 in Russian', async (url) => {
    const payload = JSON.stringify(signupBody('79005557001', { name: 'Я'.repeat(600_000) }));
    expect(Buffer.byteLength(payload)).toBeGreaterThan(1024 * 1024);
    expectError(await sendRaw(url, payload, 'application/json'), 413, { message: TOO_LARGE, field: null });
  });

  it.each(authUrls)('%s: a body just under the limit is read (and then validated)', async (url) => {
    const body = signupBody('79005557002', { name: '' });
    const filler = 'x'.repeat(1024 * 1024 - JSON.stringify({ ...body, pad: '' }).length - 16);
    const payload = JSON.stringify({ ...body, pad: filler });
    expect(Buffer.byteLength(payload)).toBeLessThan(1024 * 1024);
    const res = await sendRaw(url, payload, 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toBe(TOO_LARGE);
  });

  it.each(authUrls)('%s: broken JSON "{bad" → 400 in Russian', async (url) => {
    expectError(await sendRaw(url, '{bad', 'application/json'), 400, { message: NOT_JSON, field: null });
  });

  it.each(authUrls)('%s: a truncated JSON object → 400 in Russian', async (url) => {
    expectError(await sendRaw(url, '{"phone":"79005557003",', 'application/json'), 400, { message: NOT_JSON });
  });

  it.each(
    authUrls.flatMap((url) => [
      { url, kind: 'an array', payload: JSON.stringify([signupBody('79005557004')]) },
      { url, kind: 'an empty array', payload: '[]' },
      { url, kind: 'a string', payload: '"79005557004"' },
      { url, kind: 'a number', payload: '42' },
      { url, kind: 'null', payload: 'null' },
    ]),
  )('$url: a JSON body that is $kind → 400 naming the body', async ({ url, payload }) => {
    expectError(await sendRaw(url, payload, 'application/json'), 400, { message: NOT_OBJECT, field: 'body' });
  });

  it.each(authUrls)('%s: an empty JSON body → 400 in Russian', async (url) => {
    expectError(await sendRaw(url, '', 'application/json'), 400, { message: 'Тело запроса пустое, а ожидался JSON' });
  });

  it.each(authUrls)('%s: no body at all → 400 naming the body', async (url) => {
    const res = await ctx.app.inject({ method: 'POST', url });
    expectError(res, 400, { message: NOT_OBJECT, field: 'body' });
  });

  it.each(
    authUrls.flatMap((url) => [
      { url, type: 'application/xml', payload: '<signup/>' },
      { url, type: 'application/x-www-form-urlencoded', payload: 'phone=79005557005&password=secret-pass-1' },
      { url, type: 'multipart/form-data; boundary=x', payload: '--x--' },
    ]),
  )('$url: content-type $type → 415 in Russian', async ({ url, type, payload }) => {
    expectError(await sendRaw(url, payload, type), 415, { message: UNSUPPORTED, field: null });
  });

  it.each(authUrls)('%s: content-type text/plain → 415 in Russian', async (url) => {
    const payload = JSON.stringify(signupBody('79005557006'));
    expectError(await sendRaw(url, payload, 'text/plain'), 415, { message: UNSUPPORTED, field: null });
  });
});

describe('security headers', () => {
  it.each([
    ['a 200 answer', async () => call(ctx.app, endpoints.users.me, { headers: await signInAs(ctx.app, 'client') }), 200],
    ['a 401 answer', async () => call(ctx.app, endpoints.users.me), 401],
    ['a 400 answer', async () => callUnchecked(ctx.app, endpoints.auth.signIn, { body: {} }), 400],
    ['a 404 answer', async () => ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404],
  ] as const)('are on %s', async (_label, send, status) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/no-such-thing', 'Такого адреса нет'],
    ['POST', '/api/auth/no-such-thing', 'Такого адреса нет'],
    ['GET', '/api/auth/signin', 'Такого адреса нет'],
    ['GET', '/api/no-such-thing?x=1', 'Такого адреса нет'],
    ['GET', '/api', 'Такого адреса нет'],
  ] as const)('%s %s → JSON 404 in Russian, the address not echoed', async (method, url, message) => {
    const res = await ctx.app.inject({ method, url });
    const body = expectError(res, 404, { message, field: null });
    expect(body).toEqual({ statusCode: 404, error: 'Not Found', message });
  });
});

describe('GET /api/docs/openapi.json', () => {
  it('describes the auth routes with their methods and request bodies', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    type Operation = {
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
    };
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths['/api/auth/signup'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/auth/signin'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/auth/logout'] ?? {})).toContain('delete');
    expect(Object.keys(doc.paths['/api/users/my'] ?? {})).toContain('get');

    const signup = doc.paths['/api/auth/signup']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(signup.properties ?? {})).toEqual(
      expect.arrayContaining(['phone', 'name', 'surname', 'password', 'email', 'referer', 'acceptPolicy']),
    );
    expect(signup.required).toEqual(expect.arrayContaining(['phone', 'name', 'surname', 'password', 'acceptPolicy']));
    const signin = doc.paths['/api/auth/signin']!.post!.requestBody!.content['application/json']!.schema;
    expect(signin.required).toEqual(expect.arrayContaining(['phone', 'password']));
    expect(res.body).not.toMatch(/passwordHash|password_hash/);
  });
});
