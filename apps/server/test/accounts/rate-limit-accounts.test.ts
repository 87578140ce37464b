import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_PHONE: '2' });
});
afterAll(() => ctx.close());

describe('forgot-password rate limit', () => {
  it('answers 429 in Russian after the per-phone budget, from any address', async () => {
    const statuses: number[] = [];
    for (const ip of ['10.9.0.1', '10.9.0.2', '10.9.0.3']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        payload: { phone: '79000000004' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toMatch(/^Слишком много попыток. Повторите через \d+ секунд/);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('limits one address across phones, for registered and unknown phones alike', async () => {
    const statuses: number[] = [];
    for (const phone of ['79000000001', '79990000001', '79990000002', '79990000003']) {
      statuses.push(
        (await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: '10.9.1.1', payload: { phone } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('activation rate limits', () => {
  it('limits code confirmations per phone', async () => {
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '10.9.2.1',
      payload: { phone: '79170000001', name: 'Лев', surname: 'Орлов', password: 'secret-pass', acceptPolicy: true },
    });
    const authorization = `Bearer ${signup.json().accessToken}`;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/send', remoteAddress: '10.9.2.2', headers: { authorization } });
    const statuses: number[] = [];
    // Per phone the confirmation budget is twice the per-phone limit (a mistyped code is common); each try comes from a new address.
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/activation/confirm',
        remoteAddress: `10.9.3.${i}`,
        headers: { authorization },
        payload: { code: '000000' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 4).every((s) => s === 400)).toBe(true);
    expect(statuses[4]).toBe(429);
  });

  it('limits code requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const signup = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: `10.9.4.${i}`,
        payload: { phone: `7917000010${i}`, name: 'Лев', surname: 'Орлов', password: 'secret-pass', acceptPolicy: true },
      });
      const authorization = `Bearer ${signup.json().accessToken}`;
      statuses.push(
        (await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/send', remoteAddress: '10.9.5.1', headers: { authorization } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
