import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../src/shared/loopback.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signUpClient } from '../fixtures/accounts-kit.js';
import { call } from '../fixtures/requests.js';

/**
 * The development outbox shows anyone's codes and reset links (issue 24, item 11): it and every
 * other development-only endpoint answer only the machine itself, judged by the socket's address —
 * never by X-Forwarded-For, even with TRUST_PROXY — and do not exist in production.
 */

const NOT_FOUND = 'Такого адреса нет';

let ctx: TestContext;
let phone: string;
beforeAll(async () => {
  // With a proxy believed, request.ip comes from X-Forwarded-For: the guard must not look at it.
  ctx = await createTestApp({ TRUST_PROXY: 'true' });
  ({ phone } = await signUpClient(ctx.app));
});
afterAll(() => ctx.close());

const readOutbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
  call(ctx.app, endpoints.system.lastOutboxMessage, { query: { phone, kind: 'activation_code' }, remoteAddress, headers });

describe('the development outbox', () => {
  it('answers the machine itself, over IPv4, IPv6 and IPv4 mapped into IPv6', async () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      const res = await readOutbox(address);
      expect(res.statusCode, `${address}: ${res.body}`).toBe(200);
      expect(res.json<{ text: string }>().text).toMatch(/код подтверждения \d{6}/);
    }
  });

  it('does not exist for any other address, whatever X-Forwarded-For says', async () => {
    for (const address of ['10.0.0.5', '192.168.1.10', '::ffff:10.0.0.5', '2001:db8::1', '128.0.0.1']) {
      const res = await readOutbox(address);
      expectError(res, 404, { message: NOT_FOUND });
      expect(res.body).not.toMatch(/код/);
    }
    for (const forwarded of ['127.0.0.1', '::1', '10.0.0.9, 127.0.0.1']) {
      expectError(await readOutbox('10.0.0.5', { 'x-forwarded-for': forwarded }), 404, { message: NOT_FOUND });
    }
  });

  it('tells loopback by the address alone', () => {
    expect(isLoopbackAddress('127.255.255.254')).toBe(true);
    expect(isLoopbackAddress('::FFFF:127.0.0.1')).toBe(true);
    for (const address of [undefined, '', 'localhost', '127.0.0.1.example', '::2', '::ffff:7f00:1x', '1.127.0.0']) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});

describe('in production', () => {
  it('the outbox does not exist, even for the machine itself', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await call(production.app, endpoints.system.lastOutboxMessage, { query: { phone }, remoteAddress: '127.0.0.1' });
      expectError(res, 404, { message: NOT_FOUND });
    } finally {
      await production.close();
    }
  });
});
