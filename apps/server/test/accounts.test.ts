import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, passwordResets, sessions, users } from '../src/db/schema.js';
import { createTestApp, signInAs, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let phoneCounter = 0;
function newPhone() {
  phoneCounter += 1;
  return `7912${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter}`.slice(0, 11);
}

async function signUp(phone = newPhone(), password = 'first-pass-1') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { phone, name: 'Ирина', surname: 'Котова', password, acceptPolicy: true },
  });
  expect(res.statusCode).toBe(200);
  const { accessToken } = res.json<{ accessToken: string }>();
  return { phone, authorization: `Bearer ${accessToken}` };
}

async function lastMessage(phone: string, kind: 'activation_code' | 'password_reset') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox/last?phone=${phone}&kind=${kind}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ text: string }>().text;
}

const codeOf = (text: string) => /(\d{6})/.exec(text)?.[1] ?? '';
const resetIdOf = (text: string) => /reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('activation', () => {
  it('sends a 6-digit code and confirms the account with it', async () => {
    const { phone, authorization } = await signUp();
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/send', headers: { authorization } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ok: true, resendAfterSeconds: 60 });
    const code = codeOf(await lastMessage(phone, 'activation_code'));
    expect(code).toMatch(/^\d{6}$/);

    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/activation/confirm',
      headers: { authorization },
      payload: { code },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ phone, isConfirmedAccount: true });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/my', headers: { authorization } });
    expect(me.json()).toMatchObject({ isConfirmedAccount: true });
    // The code is spent.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/activation/confirm',
      headers: { authorization },
      payload: { code },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Аккаунт уже подтверждён');
  });

  it('allows a resend only after 60 seconds and says how long to wait', async () => {
    const { authorization } = await signUp();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/send', headers: { authorization } })).statusCode).toBe(200);
    const early = await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/send', headers: { authorization } });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^Новый код можно запросить через (60|59) секунд/);
    expect(early.json().retryAfterSeconds).toBeGreaterThan(55);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(55);
  });

  it('burns the code after 5 wrong attempts', async () => {
    const { phone, authorization } = await signUp();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/send', headers: { authorization } });
    const code = codeOf(await lastMessage(phone, 'activation_code'));
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/activation/confirm',
        headers: { authorization },
        payload: { code: wrong },
      });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'Неверный код. Осталось 4 попытки',
      'Неверный код. Осталось 3 попытки',
      'Неверный код. Осталось 2 попытки',
      'Неверный код. Осталась 1 попытка',
      'Слишком много неверных попыток. Запросите новый код',
    ]);
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/activation/confirm',
      headers: { authorization },
      payload: { code },
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Слишком много неверных попыток. Запросите новый код');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/my', headers: { authorization } });
    expect(me.json().isConfirmedAccount).toBe(false);
  });

  it('rejects an expired code', async () => {
    const { phone, authorization } = await signUp();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/send', headers: { authorization } });
    const code = codeOf(await lastMessage(phone, 'activation_code'));
    const [user] = await ctx.database.db.select().from(users).where(eq(users.phone, phone));
    await ctx.database.db
      .update(activationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(activationCodes.userId, user!.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/activation/confirm',
      headers: { authorization },
      payload: { code },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Код не запрошен или устарел. Запросите новый код', field: 'code' });
  });

  it('validates the code format and needs a client session', async () => {
    const { authorization } = await signUp();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/activation/confirm',
      headers: { authorization },
      payload: { code: '12ab' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Код состоит из 6 цифр', field: 'code' });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/send' })).statusCode).toBe(401);
    const admin = await signInAs(ctx.app, 'admin');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/send', headers: admin })).statusCode).toBe(403);
  });

  it('runs the confirmation hooks in the same transaction', async () => {
    const seen: string[] = [];
    ctx.app.areas.accounts.onAccountConfirmed(async (_tx, user) => {
      seen.push(user.phone);
    });
    const { phone, authorization } = await signUp();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/send', headers: { authorization } });
    const code = codeOf(await lastMessage(phone, 'activation_code'));
    await ctx.app.inject({ method: 'POST', url: '/api/auth/activation/confirm', headers: { authorization }, payload: { code } });
    expect(seen).toContain(phone);
  });
});

describe('password recovery', () => {
  it('answers the same for registered and unknown phones, and sends a link only to the registered one', async () => {
    const { phone } = await signUp();
    const known = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { phone } });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { phone: '79990001122' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(resetIdOf(await lastMessage(phone, 'password_reset')).length).toBeGreaterThanOrEqual(40);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox/last?phone=79990001122' })).statusCode).toBe(404);
  });

  it('resets the password once, ends every session and lets the new password in', async () => {
    const { phone, authorization } = await signUp();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { phone: `8${phone.slice(1)}` } });
    const id = resetIdOf(await lastMessage(phone, 'password_reset'));
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { id, password: 'brand-new-pass' } });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/my', headers: { authorization } })).statusCode).toBe(401);
    const signin = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { phone, password: 'brand-new-pass' } });
    expect(signin.statusCode).toBe(200);
    const reused = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { id, password: 'another-pass-1' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Ссылка для сброса пароля недействительна или устарела. Запросите новую');
  });

  it('voids the previous link when a new one is requested', async () => {
    const { phone } = await signUp();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { phone } });
    const first = resetIdOf(await lastMessage(phone, 'password_reset'));
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { phone } });
    const second = resetIdOf(await lastMessage(phone, 'password_reset'));
    expect(second).not.toBe(first);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { id: first, password: 'brand-new-pass' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { id: second, password: 'brand-new-pass' } }))
        .statusCode,
    ).toBe(200);
  });

  it('rejects an expired link, an unknown link and a weak password', async () => {
    const { phone } = await signUp();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { phone } });
    const id = resetIdOf(await lastMessage(phone, 'password_reset'));
    const weak = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { id, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: 'Пароль должен быть не короче 8 символов', field: 'password' });
    await ctx.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { id, password: 'brand-new-pass' } });
    expect(expired.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { id: 'no-such-link', password: 'brand-new-pass' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Ссылка для сброса пароля недействительна или устарела. Запросите новую');
  });
});

describe('profile', () => {
  it('updates name, surname and e-mail, and clears the e-mail with an empty string', async () => {
    const { authorization } = await signUp();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/update',
      headers: { authorization },
      payload: { name: ' Ирина ', surname: 'Лебедева', email: 'IRINA@Example.ru' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ирина', surname: 'Лебедева', email: 'irina@example.ru' });
    const cleared = await ctx.app.inject({ method: 'PATCH', url: '/api/users/update', headers: { authorization }, payload: { email: '' } });
    expect(cleared.json().email).toBeNull();
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const { phone, authorization } = await signUp(undefined, 'first-pass-1');
    const other = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { phone, password: 'first-pass-1' } });
    const otherAuth = `Bearer ${other.json().accessToken}`;
    const wrong = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/update',
      headers: { authorization },
      payload: { currentPassword: 'nope-nope', newPassword: 'second-pass-2' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Текущий пароль указан неверно', field: 'currentPassword' });
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/update',
      headers: { authorization },
      payload: { newPassword: 'second-pass-2' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Укажите текущий пароль', field: 'currentPassword' });
    const ok = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/update',
      headers: { authorization },
      payload: { currentPassword: 'first-pass-1', newPassword: 'second-pass-2' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/my', headers: { authorization } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/my', headers: { authorization: otherAuth } })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { phone, password: 'second-pass-2' } })).statusCode,
    ).toBe(200);
  });

  it('rejects a bad e-mail and an empty name without writing', async () => {
    const { phone, authorization } = await signUp();
    for (const payload of [{ email: 'not-an-email' }, { name: '   ' }, { newPassword: 'short', currentPassword: 'first-pass-1' }]) {
      const res = await ctx.app.inject({ method: 'PATCH', url: '/api/users/update', headers: { authorization }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[А-Яа-яЁё]/);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.phone, phone));
    expect(row).toMatchObject({ name: 'Ирина', email: null });
  });
});

describe('custom cashback', () => {
  it('is set and cleared by an admin and read by the client', async () => {
    const admin = await signInAs(ctx.app, 'admin');
    const client = await signInAs(ctx.app, 'client');
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/custom-cashback',
      headers: admin,
      payload: { phone: '+7 (900) 000-00-04', percent: 12.5 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ phone: '79000000004', percent: 12.5 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/custom-cashback', headers: client })).json()).toEqual({ percent: 12.5 });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/custom-cashback',
      headers: admin,
      payload: { phone: '79000000004', percent: null },
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/custom-cashback', headers: client })).json()).toEqual({ percent: null });
  });

  it('rejects a percent out of range or with three decimals, and a phone that is not a client', async () => {
    const admin = await signInAs(ctx.app, 'admin');
    for (const percent of [-1, 100.01, 12.345, '10']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/custom-cashback',
        headers: admin,
        payload: { phone: '79000000004', percent },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('percent');
    }
    const staff = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/custom-cashback',
      headers: admin,
      payload: { phone: '79000000002', percent: 5 },
    });
    expect(staff.statusCode).toBe(404);
    expect(staff.json().message).toBe('Клиент с таким телефоном не найден');
  });
});

describe('sessions table', () => {
  it('never stores a token in the clear', async () => {
    const { authorization } = await signUp();
    const token = authorization.slice('Bearer '.length);
    const rows = await ctx.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });
});
