import { endpoints } from '@vmeste/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationCodes } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { call } from '../fixtures/requests.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_PHONE: '2' });
});
afterAll(() => ctx.close());

describe('forgot-password rate limit', () => {
  it('answers 429 in Russian after the per-phone budget, from any address', async () => {
    const statuses: number[] = [];
    for (const ip of ['10.9.0.1', '10.9.0.2', '10.9.0.3']) {
      const res = await call(ctx.app, endpoints.auth.forgotPassword, { remoteAddress: ip, body: { phone: '79000000004' } });
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
      statuses.push((await call(ctx.app, endpoints.auth.forgotPassword, { remoteAddress: '10.9.1.1', body: { phone } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('activation rate limits', () => {
  it('limits code confirmations per phone', async () => {
    const signup = await call(ctx.app, endpoints.auth.signUp, {
      remoteAddress: '10.9.2.1',
      body: { phone: '79170000001', name: 'Лев', surname: 'Орлов', password: 'secret-pass', acceptPolicy: true },
    });
    // The sign-up has sent the code.
    const authorization = `Bearer ${signup.json().accessToken}`;
    const statuses: number[] = [];
    // Per phone the confirmation budget is twice the per-phone limit (a mistyped code is common); each try comes from a new address.
    for (let i = 0; i < 5; i += 1) {
      const res = await call(ctx.app, endpoints.auth.confirmActivation, {
        remoteAddress: `10.9.3.${i}`,
        headers: { authorization },
        body: { code: '000000' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 4).every((s) => s === 400)).toBe(true);
    expect(statuses[4]).toBe(429);
  });

  it('limits code requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const phone = `7917000010${i}`;
      const signup = await call(ctx.app, endpoints.auth.signUp, {
        remoteAddress: `10.9.4.${i}`,
        body: { phone, name: 'Лев', surname: 'Орлов', password: 'secret-pass', acceptPolicy: true },
      });
      const authorization = `Bearer ${signup.json().accessToken}`;
      // The sign-up sent a code; past the minute another may be asked for.
      await ctx.database.db
        .update(activationCodes)
        .set({ sentAt: new Date(Date.now() - 61_000) })
        .where(eq(activationCodes.userId, signup.json().user.id));
      statuses.push(
        (await call(ctx.app, endpoints.auth.sendActivationCode, { remoteAddress: '10.9.5.1', headers: { authorization } })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('makes the account even when its address has used up the code budget; the code is asked for later', async () => {
    // This address has used up its code budget (3), though not its sign-up budget.
    await ctx.database.db.execute(
      sql`insert into rate_limits (key, window_started_at, hits) values ('activation-send:ip:10.9.6.1', now(), 3)`,
    );
    const signup = await call(ctx.app, endpoints.auth.signUp, {
      remoteAddress: '10.9.6.1',
      body: { phone: '79170000200', name: 'Лев', surname: 'Орлов', password: 'secret-pass', acceptPolicy: true },
    });
    expect(signup.statusCode).toBe(200);
    const authorization = `Bearer ${signup.json().accessToken}`;
    const status = await call(ctx.app, endpoints.auth.activationStatus, { headers: { authorization } });
    expect(status.json()).toEqual({ isCodeSent: false, resendAfterSeconds: 0 });
    // From another address the client asks for the code on the activation page.
    const send = await call(ctx.app, endpoints.auth.sendActivationCode, { remoteAddress: '10.9.6.2', headers: { authorization } });
    expect(send.statusCode).toBe(200);
  });
});

describe('reset-link rate limit', () => {
  it('limits checking and using reset links per address together', async () => {
    const statuses: number[] = [];
    for (const step of ['check', 'check', 'reset', 'check'] as const) {
      const res =
        step === 'check'
          ? await call(ctx.app, endpoints.auth.checkResetLink, { params: { id: 'no-such-link' }, remoteAddress: '10.9.7.1' })
          : await call(ctx.app, endpoints.auth.resetPassword, {
              remoteAddress: '10.9.7.1',
              body: { id: 'no-such-link', password: 'brand-new-pass' },
            });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/^Слишком много попыток. Повторите через \d+ секунд/);
    }
    expect(statuses).toEqual([200, 200, 400, 429]);
    // Another address is not affected.
    expect(
      (await call(ctx.app, endpoints.auth.checkResetLink, { params: { id: 'no-such-link' }, remoteAddress: '10.9.7.2' })).statusCode,
    ).toBe(200);
  });
});
