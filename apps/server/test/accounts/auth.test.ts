import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { DEMO_PASSWORD, signInAs } from '../fixtures/demo-accounts.js';
import { expectError, expectNoPasswordLeak } from '../fixtures/api-assertions.js';
import { countRows, findUserRow, getMy, logout, sha256, signIn, signUp, signupBody, signUpClient } from '../fixtures/accounts-kit.js';
import { call, callUnchecked } from '../fixtures/requests.js';

const WRONG_CREDENTIALS = 'Неверный телефон или пароль';
const PHONE_TAKEN = 'Этот телефон уже зарегистрирован. Войдите или восстановите пароль';
const DEACTIVATED = 'Учётная запись отключена. Обратитесь к администратору магазина';
const BAD_PHONE = 'Телефон указан неверно: введите номер в формате +7 (999) 999-99-99';
const NO_CONSENT = 'Нужно согласие на обработку персональных данных';
const SESSION_ENDED = 'Сессия завершена. Войдите снова';
const SIGN_IN_FIRST = 'Войдите в личный кабинет, чтобы продолжить';

const USER_KEYS = ['createdAt', 'email', 'id', 'isConfirmedAccount', 'name', 'phone', 'referralCode', 'role', 'surname'];

let ctx: TestContext;
beforeAll(async () => {
  // The rate limits have their own test file; here they must not get in the way of many attempts from one address.
  ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_PHONE: '100000' });
});
afterAll(() => ctx.close());

describe('POST /api/auth/signup: success', () => {
  it.each([
    ['+7 (900) 555-10-01', '79005551001'],
    ['89005551002', '79005551002'],
    ['79005551003', '79005551003'],
    ['9005551004', '79005551004'],
    [' 8 900 555 10 05 ', '79005551005'],
    ['+7-900-555-10-06', '79005551006'],
  ])('answers 200 { accessToken, user } for the phone %j, stored as %s', async (input, normalized) => {
    const before = await countRows(ctx);
    const res = await signUp(ctx.app, signupBody(input));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectNoPasswordLeak(res);

    const body = res.json<{ accessToken: string; user: Record<string, unknown> }>();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'user']);
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
    expect(body.user).toMatchObject({
      phone: normalized,
      name: 'Иван',
      surname: 'Петров',
      email: null,
      role: 'client',
      isConfirmedAccount: false,
    });
    expect(body.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(body.user.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(Number.isNaN(Date.parse(String(body.user.createdAt)))).toBe(false);

    // Exactly one account and one session more; the password is hashed, the token only as its SHA-256.
    expect(await countRows(ctx)).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
    const row = await findUserRow(ctx, normalized);
    expect(row).toBeDefined();
    expect(row!.id).toBe(body.user.id);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.referredBy).toBeNull();
    expect(row!.isActive).toBe(true);
    const sessionRows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(sessionRows).toHaveLength(1);
    expect(sessionRows[0]!.tokenHash).toBe(sha256(body.accessToken));
    expect(sessionRows[0]!.revokedAt).toBeNull();
    expect(sessionRows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

    // The token of the answer is a working session of that account.
    const my = await getMy(ctx.app, body.accessToken);
    expect(my.statusCode).toBe(200);
    expect(my.json()).toEqual(body.user);
  });

  it('lower-cases and trims the e-mail and trims the names', async () => {
    const res = await signUp(
      ctx.app,
      signupBody('79005551010', { email: '  Ivan.Petrov@Example.COM ', name: '  Иван ', surname: ' Петров  ' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'ivan.petrov@example.com', name: 'Иван', surname: 'Петров' });
    expect((await findUserRow(ctx, '79005551010'))!.email).toBe('ivan.petrov@example.com');
  });

  it('treats an empty e-mail as none', async () => {
    const res = await signUp(ctx.app, signupBody('79005551011', { email: '' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBeNull();
  });

  it('ignores fields that are not part of the form (role, isConfirmedAccount)', async () => {
    const res = await signUp(ctx.app, signupBody('79005551012', { role: 'admin', isConfirmedAccount: true, isActive: false }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'client', isConfirmedAccount: false });
    const row = await findUserRow(ctx, '79005551012');
    expect(row).toMatchObject({ role: 'client', isConfirmedAccount: false, isActive: true });
  });

  it('signs the new account in with its password afterwards', async () => {
    await signUpClient(ctx.app, '79005551013', { password: 'another-secret' });
    const res = await signIn(ctx.app, '+7 (900) 555-10-13', 'another-secret');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.phone).toBe('79005551013');
  });

  describe('referer', () => {
    async function demoClient() {
      const res = await call(ctx.app, endpoints.users.me, { headers: await signInAs(ctx.app, 'client') });
      expect(res.statusCode).toBe(200);
      return res.json<{ id: string; referralCode: string }>();
    }

    it('a referral code of an existing user sets referred_by', async () => {
      const referrer = await demoClient();
      expect(referrer.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      const res = await signUp(ctx.app, signupBody('79005551020', { referer: referrer.referralCode }));
      expect(res.statusCode, res.body).toBe(200);
      const row = await findUserRow(ctx, '79005551020');
      expect(row!.referredBy).toBe(referrer.id);
      // The referrer is not changed by it.
      const [referrerRow] = await ctx.database.db.select().from(users).where(eq(users.id, referrer.id));
      expect(referrerRow!.referredBy).toBeNull();
    });

    it('the code is matched regardless of case and surrounding spaces', async () => {
      const referrer = await demoClient();
      const res = await signUp(ctx.app, signupBody('79005551021', { referer: `  ${referrer.referralCode.toLowerCase()} ` }));
      expect(res.statusCode, res.body).toBe(200);
      expect((await findUserRow(ctx, '79005551021'))!.referredBy).toBe(referrer.id);
    });

    it('a code of a new client works as well', async () => {
      const first = await signUp(ctx.app, signupBody('79005551022'));
      const { id, referralCode } = first.json<{ user: { id: string; referralCode: string } }>().user;
      const res = await signUp(ctx.app, signupBody('79005551023', { referer: referralCode }));
      expect(res.statusCode, res.body).toBe(200);
      expect((await findUserRow(ctx, '79005551023'))!.referredBy).toBe(id);
    });

    it.each([
      ['an unknown code', 'NOSUCH99', '79005551030'],
      ['an empty string', '', '79005551031'],
      ['only spaces', '   ', '79005551032'],
    ])('%s is ignored: 200 and no referrer', async (_label, referer, phone) => {
      const before = await countRows(ctx);
      const res = await signUp(ctx.app, signupBody(phone, { referer }));
      expect(res.statusCode, res.body).toBe(200);
      expect(await countRows(ctx)).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
      expect((await findUserRow(ctx, phone))!.referredBy).toBeNull();
    });
  });

  it('two simultaneous sign-ups of one phone make one account: 200 and 409', async () => {
    const before = await countRows(ctx);
    const answers = await Promise.all([
      signUp(ctx.app, signupBody('79005551040', { name: 'Первый' })),
      signUp(ctx.app, signupBody('+7 900 555 10 40', { name: 'Второй' })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectError(
      answers.find((r) => r.statusCode === 409)!,
      409,
      { message: PHONE_TAKEN, field: 'phone' },
    );
    expect(await countRows(ctx)).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
  });
});

describe('POST /api/auth/signup: rejected', () => {
  const valid = (phone: string) => signupBody(phone);
  const without = (phone: string, key: string) => {
    const body = valid(phone);
    delete body[key];
    return body;
  };

  const cases: { name: string; payload: (phone: string) => Record<string, unknown>; field: string; message: string }[] = [
    { name: 'missing phone', payload: (p) => without(p, 'phone'), field: 'phone', message: 'Укажите телефон' },
    { name: 'empty phone', payload: (p) => ({ ...valid(p), phone: '' }), field: 'phone', message: 'Укажите телефон' },
    { name: 'missing name', payload: (p) => without(p, 'name'), field: 'name', message: 'Укажите имя' },
    { name: 'blank name', payload: (p) => ({ ...valid(p), name: '   ' }), field: 'name', message: 'Укажите имя' },
    { name: 'missing surname', payload: (p) => without(p, 'surname'), field: 'surname', message: 'Укажите фамилию' },
    { name: 'missing password', payload: (p) => without(p, 'password'), field: 'password', message: 'Укажите пароль' },
    { name: 'missing acceptPolicy', payload: (p) => without(p, 'acceptPolicy'), field: 'acceptPolicy', message: NO_CONSENT },
    { name: 'acceptPolicy false', payload: (p) => ({ ...valid(p), acceptPolicy: false }), field: 'acceptPolicy', message: NO_CONSENT },
    {
      name: 'acceptPolicy "true" as a string',
      payload: (p) => ({ ...valid(p), acceptPolicy: 'true' }),
      field: 'acceptPolicy',
      message: NO_CONSENT,
    },
    { name: 'phone 123', payload: (p) => ({ ...valid(p), phone: '123' }), field: 'phone', message: BAD_PHONE },
    { name: 'US phone +1 202 555 0100', payload: (p) => ({ ...valid(p), phone: '+1 202 555 0100' }), field: 'phone', message: BAD_PHONE },
    { name: 'phone of letters', payload: (p) => ({ ...valid(p), phone: 'abcdefghijk' }), field: 'phone', message: BAD_PHONE },
    {
      name: 'phone with a letter among digits',
      payload: (p) => ({ ...valid(p), phone: '7900555x001' }),
      field: 'phone',
      message: BAD_PHONE,
    },
    { name: 'phone with 12 digits', payload: (p) => ({ ...valid(p), phone: '790055510011' }), field: 'phone', message: BAD_PHONE },
    { name: 'phone as a number', payload: (p) => ({ ...valid(p), phone: 79005551001 }), field: 'phone', message: 'Укажите телефон' },
    {
      name: 'password of 7 characters',
      payload: (p) => ({ ...valid(p), password: 'abcdefg' }),
      field: 'password',
      message: 'Пароль должен быть не короче 8 символов',
    },
    {
      name: 'password of 129 characters',
      payload: (p) => ({ ...valid(p), password: 'a'.repeat(129) }),
      field: 'password',
      message: 'Пароль должен быть не длиннее 128 символов',
    },
    {
      name: 'malformed e-mail',
      payload: (p) => ({ ...valid(p), email: 'not-an-email' }),
      field: 'email',
      message: 'Электронная почта указана неверно',
    },
    {
      name: 'name of 101 characters',
      payload: (p) => ({ ...valid(p), name: 'Я'.repeat(101) }),
      field: 'name',
      message: 'Слишком длинное значение поля «имя»: не больше 100 символов',
    },
  ];

  it.each(cases.map((c, i) => ({ ...c, phone: `790055520${String(i).padStart(2, '0')}` })))(
    '$name → 400 naming the field, nothing written',
    async ({ payload, phone, field, message }) => {
      const before = await countRows(ctx);
      const res = await signUp(ctx.app, payload(phone));
      expectError(res, 400, { message, field });
      expect(await countRows(ctx)).toEqual(before);
      expect(await findUserRow(ctx, phone)).toBeUndefined();
    },
  );

  it('a taken phone in another format → 409, nothing written, the owner keeps the password', async () => {
    await signUpClient(ctx.app, '79005552100', { password: 'owner-password' });
    const before = await countRows(ctx);
    for (const phone of ['79005552100', '+7 (900) 555-21-00', '89005552100']) {
      const res = await signUp(ctx.app, signupBody(phone, { password: 'intruder-password', name: 'Чужой' }));
      expectError(res, 409, { message: PHONE_TAKEN, field: 'phone' });
      expect(await countRows(ctx)).toEqual(before);
    }
    expect((await findUserRow(ctx, '79005552100'))!.name).toBe('Иван');
    expect((await signIn(ctx.app, '79005552100', 'owner-password')).statusCode).toBe(200);
    expectError(await signIn(ctx.app, '79005552100', 'intruder-password'), 400, { message: WRONG_CREDENTIALS });
  });

  it('a demo account phone → 409, nothing written', async () => {
    const before = await countRows(ctx);
    const res = await signUp(ctx.app, signupBody('8 (900) 000-00-01'));
    expectError(res, 409, { message: PHONE_TAKEN, field: 'phone' });
    expect(await countRows(ctx)).toEqual(before);
  });
});

describe('POST /api/auth/signin', () => {
  it.each(['+7 (900) 000-00-04', '89000000004', '79000000004', '9000000004', '8 900 000 00 04'])(
    'accepts the phone written as %j',
    async (phone) => {
      const before = await countRows(ctx);
      const res = await signIn(ctx.app, phone, DEMO_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      expectNoPasswordLeak(res);
      const body = res.json<{ accessToken: string; user: Record<string, unknown> }>();
      expect(Object.keys(body).sort()).toEqual(['accessToken', 'user']);
      expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
      expect(body.user).toMatchObject({
        phone: '79000000004',
        role: 'client',
        name: 'Мария',
        surname: 'Иванова',
        isConfirmedAccount: true,
      });
      expect(await countRows(ctx)).toEqual({ users: before.users, sessions: before.sessions + 1 });
      expect((await getMy(ctx.app, body.accessToken)).statusCode).toBe(200);
    },
  );

  it('every sign-in opens its own session with its own token', async () => {
    const a = (await signIn(ctx.app, '79000000006', DEMO_PASSWORD)).json<{ accessToken: string }>().accessToken;
    const b = (await signIn(ctx.app, '79000000006', DEMO_PASSWORD)).json<{ accessToken: string }>().accessToken;
    expect(a).not.toBe(b);
    expect((await getMy(ctx.app, a)).json().role).toBe('organizer');
    expect((await getMy(ctx.app, b)).json().role).toBe('organizer');
  });

  it('a wrong password → 400 "Неверный телефон или пароль", no session', async () => {
    const before = await countRows(ctx);
    const res = await signIn(ctx.app, '79000000004', 'wrong-password');
    const body = expectError(res, 400, { message: WRONG_CREDENTIALS, field: null });
    expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message: WRONG_CREDENTIALS });
    expect(await countRows(ctx)).toEqual(before);
  });

  it('the password is case-sensitive', async () => {
    expectError(await signIn(ctx.app, '79000000004', DEMO_PASSWORD.toUpperCase()), 400, { message: WRONG_CREDENTIALS });
  });

  it('an unknown phone answers exactly like a wrong password (no enumeration)', async () => {
    const before = await countRows(ctx);
    const unknown = await signIn(ctx.app, '79005553999', 'wrong-password');
    const wrong = await signIn(ctx.app, '79000000004', 'wrong-password');
    expectError(unknown, 400, { message: WRONG_CREDENTIALS, field: null });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(await countRows(ctx)).toEqual(before);
  });

  it.each([
    { name: 'missing phone', payload: { password: DEMO_PASSWORD }, field: 'phone', message: 'Укажите телефон' },
    { name: 'missing password', payload: { phone: '79000000004' }, field: 'password', message: 'Укажите пароль' },
    { name: 'empty password', payload: { phone: '79000000004', password: '' }, field: 'password', message: 'Укажите пароль' },
    { name: 'phone 123', payload: { phone: '123', password: DEMO_PASSWORD }, field: 'phone', message: BAD_PHONE },
    { name: 'US phone', payload: { phone: '+1 202 555 0100', password: DEMO_PASSWORD }, field: 'phone', message: BAD_PHONE },
    { name: 'phone of letters', payload: { phone: 'телефон', password: DEMO_PASSWORD }, field: 'phone', message: BAD_PHONE },
    { name: 'password not a string', payload: { phone: '79000000004', password: 12345678 }, field: 'password', message: 'Укажите пароль' },
  ])('$name → 400 naming the field', async ({ payload, field, message }) => {
    const before = await countRows(ctx);
    const res = await callUnchecked(ctx.app, endpoints.auth.signIn, { body: payload });
    expectError(res, 400, { message, field });
    expect(await countRows(ctx)).toEqual(before);
  });

  it('a deactivated account with the right password → 403 in Russian, no session', async () => {
    const { user } = await signUpClient(ctx.app, '79005553001', { password: 'right-password' });
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const before = await countRows(ctx);
    const res = await signIn(ctx.app, '+7 (900) 555-30-01', 'right-password');
    expectError(res, 403, { message: DEACTIVATED, field: null });
    expect(await countRows(ctx)).toEqual(before);
  });

  it('a deactivated account with a wrong password gets the ordinary 400 (its state is not revealed)', async () => {
    const { user } = await signUpClient(ctx.app, '79005553002', { password: 'right-password' });
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectError(await signIn(ctx.app, '79005553002', 'wrong-password'), 400, { message: WRONG_CREDENTIALS, field: null });
  });

  it('deactivation ends the sessions already open: 401', async () => {
    const { token, user } = await signUpClient(ctx.app, '79005553003');
    expect((await getMy(ctx.app, token)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectError(await getMy(ctx.app, token), 401, { message: SESSION_ENDED });
  });
});

describe('DELETE /api/auth/logout', () => {
  it('revokes the session: the same token then gets 401', async () => {
    const { token, user } = await signUpClient(ctx.app, '79005554001');
    expect((await getMy(ctx.app, token)).statusCode).toBe(200);

    const res = await logout(ctx.app, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expectError(await getMy(ctx.app, token), 401, { message: SESSION_ENDED });
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.revokedAt).toBeInstanceOf(Date);
  });

  it('ends only that session: another session of the same account keeps working', async () => {
    const { token: first } = await signUpClient(ctx.app, '79005554002', { password: 'pass-word-2' });
    const second = (await signIn(ctx.app, '79005554002', 'pass-word-2')).json<{ accessToken: string }>().accessToken;
    expect((await logout(ctx.app, first)).statusCode).toBe(200);
    expectError(await getMy(ctx.app, first), 401, { message: SESSION_ENDED });
    const my = await getMy(ctx.app, second);
    expect(my.statusCode).toBe(200);
    expect(my.json().phone).toBe('79005554002');
  });

  it('without a token → 401 in Russian', async () => {
    expectError(await logout(ctx.app), 401, { message: SIGN_IN_FIRST, field: null });
  });

  it.each([
    ['a garbage token', 'Bearer garbage'],
    ['a token of the right shape that was never issued', `Bearer ${'A'.repeat(43)}`],
  ])('%s → 401 in Russian', async (_label, authorization) => {
    const res = await call(ctx.app, endpoints.auth.logout, { headers: { authorization } });
    expectError(res, 401, { message: SESSION_ENDED, field: null });
  });

  it.each([
    ['another scheme', (t: string) => `Basic ${t}`, '79005554011'],
    ['the bare token', (t: string) => t, '79005554012'],
    ['an empty bearer', () => 'Bearer ', '79005554013'],
  ])('%s in the authorization header → 401, the session stays', async (_label, header, phone) => {
    const { token } = await signUpClient(ctx.app, phone);
    const res = await call(ctx.app, endpoints.auth.logout, { headers: { authorization: header(token) } });
    expectError(res, 401, { message: SIGN_IN_FIRST });
    expect((await getMy(ctx.app, token)).statusCode).toBe(200);
  });

  it('a second logout with the same token → 401', async () => {
    const { token } = await signUpClient(ctx.app, '79005554003');
    expect((await logout(ctx.app, token)).statusCode).toBe(200);
    expectError(await logout(ctx.app, token), 401, { message: SESSION_ENDED, field: null });
  });

  it('signing in again after logout gives a new working session', async () => {
    const { token } = await signUpClient(ctx.app, '79005554004', { password: 'pass-word-4' });
    await logout(ctx.app, token);
    const again = await signIn(ctx.app, '79005554004', 'pass-word-4');
    expect(again.statusCode).toBe(200);
    expect((await getMy(ctx.app, again.json<{ accessToken: string }>().accessToken)).statusCode).toBe(200);
  });
});
