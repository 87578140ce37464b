import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { expectError, expectNoPasswordLeak } from '../fixtures/api-assertions.js';
import { getMy, sha256, signUpClient } from '../fixtures/accounts-kit.js';
import { call } from '../fixtures/requests.js';

const SIGN_IN_FIRST = 'Войдите в личный кабинет, чтобы продолжить';
const SESSION_ENDED = 'Сессия завершена. Войдите снова';
const USER_KEYS = ['createdAt', 'email', 'id', 'isConfirmedAccount', 'name', 'phone', 'referralCode', 'role', 'surname'];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_PHONE: '100000' });
});
afterAll(() => ctx.close());

describe('GET /api/users/my', () => {
  it('answers the signed-up user, without anything of the password', async () => {
    const { token, user } = await signUpClient(ctx.app, '79005556001', { email: 'Client@Example.com' });
    const res = await getMy(ctx.app, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectNoPasswordLeak(res);
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('password_hash');
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(USER_KEYS);
    expect(body).toEqual({ ...user, email: 'client@example.com' });
    expect(body).not.toHaveProperty('isActive');
    expect(body).not.toHaveProperty('referredBy');
  });

  it.each([
    ['admin', 'admin', true],
    ['storekeeper', 'storekeeper', true],
    ['logistician', 'logistician', true],
    ['client', 'client', true],
    ['unconfirmedClient', 'client', false],
    ['organizer', 'organizer', true],
  ] as const)('answers the demo account %s with its role and confirmation', async (who, role, isConfirmedAccount) => {
    const res = await call(ctx.app, endpoints.users.me, { headers: await signInAs(ctx.app, who) });
    expect(res.statusCode, res.body).toBe(200);
    expectNoPasswordLeak(res);
    expect(res.json()).toMatchObject({ phone: demoPhones[who], role, isConfirmedAccount });
  });

  it('accepts the scheme name in any case', async () => {
    const { token } = await signUpClient(ctx.app, '79005556002');
    const res = await call(ctx.app, endpoints.users.me, { headers: { authorization: `bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('without a token → 401 in Russian', async () => {
    const res = await getMy(ctx.app);
    expectError(res, 401, { message: SIGN_IN_FIRST, field: null });
  });

  it('with a garbage token → 401 in Russian', async () => {
    expectError(await getMy(ctx.app, 'not-a-real-token'), 401, { message: SESSION_ENDED, field: null });
  });

  it('the token hash stored in the database does not work as a token', async () => {
    const { token } = await signUpClient(ctx.app, '79005556003');
    expectError(await getMy(ctx.app, sha256(token)), 401, { message: SESSION_ENDED });
  });

  it('an expired session → 401', async () => {
    const { token, user } = await signUpClient(ctx.app, '79005556004');
    expect((await getMy(ctx.app, token)).statusCode).toBe(200);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expectError(await getMy(ctx.app, token), 401, { message: SESSION_ENDED, field: null });
  });

  it('a session that is still valid for a minute works', async () => {
    const { token, user } = await signUpClient(ctx.app, '79005556005');
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await getMy(ctx.app, token)).statusCode).toBe(200);
  });

  it('a session revoked in the database → 401', async () => {
    const { token } = await signUpClient(ctx.app, '79005556006');
    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256(token)));
    expectError(await getMy(ctx.app, token), 401, { message: SESSION_ENDED });
  });
});
