import type { LightMyRequestResponse } from 'fastify';
import { plural, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { DEMO_PASSWORD } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { countRows, findUserRow, signIn, signUp, signupBody } from '../fixtures/accounts-kit.js';
import { call } from '../fixtures/requests.js';

const WINDOW_SECONDS = 900;
const WRONG_CREDENTIALS = 'Неверный телефон или пароль';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    AUTH_RATE_LIMIT_PER_IP: '3',
    AUTH_RATE_LIMIT_PER_PHONE: '2',
    AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
});
afterAll(() => ctx.close());

/** A 429 with the seconds left in the message, in `retryAfterSeconds` and in Retry-After. */
function expectTooManyRequests(res: LightMyRequestResponse) {
  const body = expectError(res, 429, { field: null });
  const header = res.headers['retry-after'];
  expect(header).toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(body.retryAfterSeconds).toBe(seconds);
  expect(body.message).toBe(`Слишком много попыток. Повторите через ${seconds} ${plural(seconds, 'секунду', 'секунды', 'секунд')}`);
  expect(body.message).toContain(String(seconds));
}

// Only failures count, per phone and address (sign-in-lockout.test.ts has the account-wide ceiling).
describe('sign-in failures per phone and address (2 per window)', () => {
  it('after 2 failures from one address that address waits, even with the right password; another address signs in', async () => {
    expectError(await signIn(ctx.app, '79000000004', 'wrong-password', { remoteAddress: '10.1.0.1' }), 400, { message: WRONG_CREDENTIALS });
    // Another spelling of the same phone shares its budget.
    expectError(await signIn(ctx.app, '+7 (900) 000-00-04', 'wrong-password', { remoteAddress: '10.1.0.1' }), 400, {
      message: WRONG_CREDENTIALS,
    });
    const before = await countRows(ctx);
    expectTooManyRequests(await signIn(ctx.app, '89000000004', DEMO_PASSWORD, { remoteAddress: '10.1.0.1' }));
    expect(await countRows(ctx)).toEqual(before);
    expect((await signIn(ctx.app, '79000000004', DEMO_PASSWORD, { remoteAddress: '10.1.0.2' })).statusCode).toBe(200);
  });

  it('successful sign-ins do not count', async () => {
    for (let i = 0; i < 4; i += 1) {
      expect((await signIn(ctx.app, '79000000004', DEMO_PASSWORD, { remoteAddress: '10.1.1.9' })).statusCode).toBe(200);
    }
  });

  // (The next phone is tried from another address: this file's per-address budget is 3.)
  it('another phone is not affected', async () => {
    expectError(await signIn(ctx.app, '79005558101', 'x-password', { remoteAddress: '10.1.1.1' }), 400, { message: WRONG_CREDENTIALS });
    expectError(await signIn(ctx.app, '79005558101', 'x-password', { remoteAddress: '10.1.1.1' }), 400, { message: WRONG_CREDENTIALS });
    expectTooManyRequests(await signIn(ctx.app, '79005558101', 'x-password', { remoteAddress: '10.1.1.1' }));
    expectError(await signIn(ctx.app, '79005558102', 'x-password', { remoteAddress: '10.1.1.2' }), 400, { message: WRONG_CREDENTIALS });
  });

  it('simultaneous attempts cannot exceed the budget', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => signIn(ctx.app, '79005558110', 'x-password', { remoteAddress: '10.1.2.1' })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([400, 400, 429, 429, 429, 429]);
    for (const res of answers.filter((r) => r.statusCode === 429)) expectTooManyRequests(res);
  });
});

describe('sign-in rate limit per address (3 per window)', () => {
  it('different phones from one address: the 4th answers 429', async () => {
    const ip = '10.2.0.1';
    for (const phone of ['79005558201', '79005558202', '79005558203']) {
      expectError(await signIn(ctx.app, phone, 'x-password', { remoteAddress: ip }), 400, { message: WRONG_CREDENTIALS });
    }
    expectTooManyRequests(await signIn(ctx.app, '79005558204', 'x-password', { remoteAddress: ip }));
    // Even the right password of a real account is refused from that address now.
    expectTooManyRequests(await signIn(ctx.app, '79000000006', DEMO_PASSWORD, { remoteAddress: ip }));
  });

  it('another address is not affected', async () => {
    const ip = '10.2.1.1';
    for (const phone of ['79005558211', '79005558212', '79005558213']) {
      expect((await signIn(ctx.app, phone, 'x-password', { remoteAddress: ip })).statusCode).toBe(400);
    }
    expectTooManyRequests(await signIn(ctx.app, '79005558214', 'x-password', { remoteAddress: ip }));
    expectError(await signIn(ctx.app, '79005558214', 'x-password', { remoteAddress: '10.2.1.2' }), 400, { message: WRONG_CREDENTIALS });
  });

  it('requests rejected by validation do not use up the budget', async () => {
    const ip = '10.2.2.1';
    for (let i = 0; i < 5; i += 1) {
      expectError(await signIn(ctx.app, '123', 'x-password', { remoteAddress: ip }), 400, { field: 'phone' });
    }
    expectError(await signIn(ctx.app, '79005558221', 'x-password', { remoteAddress: ip }), 400, { message: WRONG_CREDENTIALS });
  });

  // Without TRUST_PROXY the X-Forwarded-For header is not believed, so rotating it changes nothing.
  it('a client cannot escape the per-address limit by forging X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const res = await call(ctx.app, endpoints.auth.signIn, {
        remoteAddress: '10.2.3.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        body: { phone: `7900555823${i}`, password: 'x-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('sign-up rate limit', () => {
  it('per address: the 4th sign-up from one address answers 429 and creates nothing', async () => {
    const ip = '10.3.0.1';
    for (const phone of ['79005558301', '79005558302', '79005558303']) {
      expect((await signUp(ctx.app, signupBody(phone), { remoteAddress: ip })).statusCode).toBe(200);
    }
    const before = await countRows(ctx);
    expectTooManyRequests(await signUp(ctx.app, signupBody('79005558304'), { remoteAddress: ip }));
    expect(await countRows(ctx)).toEqual(before);
    expect(await findUserRow(ctx, '79005558304')).toBeUndefined();
    // The same phone from another address is fine.
    expect((await signUp(ctx.app, signupBody('79005558304'), { remoteAddress: '10.3.0.2' })).statusCode).toBe(200);
  });

  it('per phone: the 3rd sign-up of one phone answers 429 (a 409 counts as an attempt)', async () => {
    expect((await signUp(ctx.app, signupBody('79005558310'), { remoteAddress: '10.3.1.1' })).statusCode).toBe(200);
    expectError(await signUp(ctx.app, signupBody('+7 900 555 83 10'), { remoteAddress: '10.3.1.2' }), 409, { field: 'phone' });
    const before = await countRows(ctx);
    expectTooManyRequests(await signUp(ctx.app, signupBody('89005558310'), { remoteAddress: '10.3.1.3' }));
    expect(await countRows(ctx)).toEqual(before);
  });

  it('sign-up and sign-in keep separate budgets', async () => {
    const ip = '10.3.2.1';
    for (const phone of ['79005558321', '79005558322', '79005558323']) {
      expect((await signUp(ctx.app, signupBody(phone), { remoteAddress: ip })).statusCode).toBe(200);
    }
    expectTooManyRequests(await signUp(ctx.app, signupBody('79005558324'), { remoteAddress: ip }));
    const res = await signIn(ctx.app, '79005558321', 'secret-pass-1', { remoteAddress: ip });
    expect(res.statusCode, res.body).toBe(200);
  });
});
