import type { LightMyRequestResponse } from 'fastify';
import { plural, endpoints } from '@vmeste/contract';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { newPhone, signIn, signUp, signUpClient, signupBody } from '../fixtures/accounts-kit.js';
import { call } from '../fixtures/requests.js';

/**
 * Guessing a password (issue 24, items 6 and 7): only failures count; one address is stopped on one
 * account after PER_PHONE failures; past PER_ACCOUNT failures from everywhere, the account's attempts
 * are slowed (one per 1, 2, 4 … MAX_DELAY seconds) rather than refused for the window, so nobody
 * can lock the owner out from other addresses.
 */

const PER_PAIR = 3;
const PER_ACCOUNT = 6;
const MAX_DELAY = 8;
const WINDOW_SECONDS = 900;
const PASSWORD = 'secret-pass-1';
const WRONG = 'Неверный телефон или пароль';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    AUTH_RATE_LIMIT_PER_IP: '100',
    AUTH_RATE_LIMIT_PER_PHONE: String(PER_PAIR),
    AUTH_RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
    AUTH_RATE_LIMIT_MAX_DELAY_SECONDS: String(MAX_DELAY),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
});
afterAll(() => ctx.close());

/** A 429 in Russian with the wait in the message and in Retry-After; answers the wait. */
function expectWait(res: LightMyRequestResponse): number {
  const body = expectError(res, 429, { field: null });
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(body.message).toBe(`Слишком много попыток. Повторите через ${seconds} ${plural(seconds, 'секунду', 'секунды', 'секунд')}`);
  return seconds;
}

const tryPassword = (phone: string, password: string, ip: string) => signIn(ctx.app, phone, password, { remoteAddress: ip });

/** Moves the account's last slowed attempt back, as if `seconds` had passed. */
async function letTimePass(phone: string, seconds: number) {
  await ctx.database.db
    .update(rateLimits)
    .set({ windowStartedAt: sql`${rateLimits.windowStartedAt} - make_interval(secs => ${seconds})` })
    .where(like(rateLimits.key, `%account-slot:${phone}`));
}

/** Fails the account's password once from each of `count` addresses of a network. */
async function failFromAddresses(phone: string, network: string, count: number) {
  for (let i = 1; i <= count; i += 1) {
    expectError(await tryPassword(phone, 'wrong-password', `${network}.${i}`), 400, { message: WRONG });
  }
}

describe('the limit per account and address', () => {
  it('failures from other addresses do not lock the owner out', async () => {
    const { phone } = await signUpClient(ctx.app);
    // Ten wrong sign-ins, as in the issue: PER_PAIR from one address, the rest from others, all below the ceiling.
    for (let i = 0; i < PER_PAIR; i += 1) expect((await tryPassword(phone, 'wrong-password', '10.40.0.1')).statusCode).toBe(400);
    expectWait(await tryPassword(phone, 'wrong-password', '10.40.0.1'));
    await failFromAddresses(phone, '10.40.1', PER_ACCOUNT - PER_PAIR - 1);
    // The attacker's address is stopped on this account, even with the right password…
    const wait = expectWait(await tryPassword(phone, PASSWORD, '10.40.0.1'));
    expect(wait).toBeGreaterThan(MAX_DELAY); // the pair's lock lasts the window
    // …while the owner's own address signs in.
    expect((await tryPassword(phone, PASSWORD, '10.40.9.9')).statusCode).toBe(200);
    // And that address may still try other accounts.
    expect((await tryPassword(newPhone(), 'wrong-password', '10.40.0.1')).statusCode).toBe(400);
  });

  it('successful sign-ins do not count, and the right password forgives the address its failures', async () => {
    const { phone } = await signUpClient(ctx.app);
    const ip = '10.41.0.1';
    for (let i = 0; i < PER_PAIR + 2; i += 1) expect((await tryPassword(phone, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < PER_PAIR - 1; i += 1) expect((await tryPassword(phone, 'wrong-password', ip)).statusCode).toBe(400);
    expect((await tryPassword(phone, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < PER_PAIR; i += 1) expect((await tryPassword(phone, 'wrong-password', ip)).statusCode).toBe(400);
    expectWait(await tryPassword(phone, PASSWORD, ip));
  });

  it('simultaneous failures from one address cannot exceed the budget', async () => {
    const { phone } = await signUpClient(ctx.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => tryPassword(phone, 'wrong-password', '10.42.0.1')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
  });
});

describe('the account-wide ceiling', () => {
  it('slows attempts with a doubling wait instead of locking for the window, and the owner gets in after the wait', async () => {
    const { phone } = await signUpClient(ctx.app);
    await failFromAddresses(phone, '10.43.0', PER_ACCOUNT);

    // Over the ceiling, one attempt goes through; the next from anywhere waits a second.
    expectError(await tryPassword(phone, 'wrong-password', '10.43.1.1'), 400, { message: WRONG });
    expect(expectWait(await tryPassword(phone, PASSWORD, '10.43.9.9'))).toBe(1);
    await letTimePass(phone, 1);
    expect((await tryPassword(phone, PASSWORD, '10.43.9.9')).statusCode).toBe(200);

    // Every attempt let through doubles the wait, up to MAX_DELAY: never the window.
    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const wait = expectWait(await tryPassword(phone, 'wrong-password', `10.43.2.${i}`));
      waits.push(wait);
      await letTimePass(phone, wait);
      expectError(await tryPassword(phone, 'wrong-password', `10.43.3.${i}`), 400, { message: WRONG });
    }
    expect(waits).toEqual([2, 4, 8, 8, 8]);
    // The attempts turned away did not use up the owner's address: after the wait it signs in.
    await letTimePass(phone, MAX_DELAY);
    expect((await tryPassword(phone, PASSWORD, '10.43.9.9')).statusCode).toBe(200);
  });

  it('an attacker taking every slowed slot cannot keep the owner out of their usual address', async () => {
    const phone = newPhone();
    expect((await signUp(ctx.app, signupBody(phone), { remoteAddress: '10.45.9.9' })).statusCode).toBe(200);
    await failFromAddresses(phone, '10.45.0', PER_ACCOUNT);
    // The attacker takes the open slot, so any other address now waits…
    expectError(await tryPassword(phone, 'wrong-password', '10.45.1.1'), 400, { message: WRONG });
    expectWait(await tryPassword(phone, PASSWORD, '10.45.1.2'));
    // …but the address the owner signed up (or in) from lately is theirs: the right password gets in at once.
    expect((await tryPassword(phone, PASSWORD, '10.45.9.9')).statusCode).toBe(200);
  });

  it('of simultaneous attempts at an open slot exactly one goes through', async () => {
    const { phone } = await signUpClient(ctx.app);
    await failFromAddresses(phone, '10.44.0', PER_ACCOUNT);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => tryPassword(phone, 'wrong-password', `10.44.1.${i}`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([400, 429, 429, 429, 429, 429]);
  });
});

describe('the current password of a password change (item 7)', () => {
  const changePassword = (authorization: string, currentPassword: string, ip: string) =>
    call(ctx.app, endpoints.users.updateProfile, {
      headers: { authorization },
      remoteAddress: ip,
      body: { currentPassword, newPassword: 'brand-new-pass-2' },
    });

  it('is limited like sign-in, sharing its counters: wrong guesses stop the address, then even the right one waits', async () => {
    const { phone, authorization } = await signUpClient(ctx.app);
    const ip = '10.45.0.1';
    for (let i = 0; i < PER_PAIR; i += 1) {
      expectError(await changePassword(authorization, `wrong-${i}`, ip), 400, { field: 'currentPassword' });
    }
    expectWait(await changePassword(authorization, PASSWORD, ip));
    expectWait(await tryPassword(phone, PASSWORD, ip));
    // Another address is not stopped, and the password was not changed.
    expect((await tryPassword(phone, PASSWORD, '10.45.0.2')).statusCode).toBe(200);
  });

  it('the right current password forgives the failures before it', async () => {
    const { authorization } = await signUpClient(ctx.app);
    const ip = '10.46.0.1';
    for (let i = 0; i < PER_PAIR - 1; i += 1) expect((await changePassword(authorization, 'wrong', ip)).statusCode).toBe(400);
    const changed = await changePassword(authorization, PASSWORD, ip);
    expect(changed.statusCode, changed.body).toBe(200);
    for (let i = 0; i < PER_PAIR; i += 1) expect((await changePassword(authorization, 'wrong', ip)).statusCode).toBe(400);
  });
});
