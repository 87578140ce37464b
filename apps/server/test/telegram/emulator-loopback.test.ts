import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';

/**
 * The built-in emulator's chat page shows the codes and reset links the bot sends, so it answers only
 * connections from the machine itself, judged by the socket's own address. Behind a proxy that is
 * believed (TRUST_PROXY), a forged X-Forwarded-For naming 127.0.0.1 must not open it.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => ctx.close());

describe('the emulator pages behind a believed proxy', () => {
  it.each(['127.0.0.1', '::1', '127.0.0.1, 127.0.0.1'])('are 404 from outside with X-Forwarded-For: %s', async (forwarded) => {
    for (const remoteAddress of ['203.0.113.7', '10.0.0.2']) {
      const page = await ctx.app.inject({
        method: 'GET',
        url: '/telegram-emulator/',
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('Эмулятор');
      expect(page.headers['set-cookie']).toBeUndefined();
      const press = await ctx.app.inject({
        method: 'POST',
        url: '/telegram-emulator/block',
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(press.statusCode).toBe(404);
    }
  });

  it('open for the machine itself whatever X-Forwarded-For says', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/telegram-emulator/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Эмулятор');
  });
});
