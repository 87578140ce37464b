import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import { call, callUnchecked } from '../fixtures/requests.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A fresh client (Ирина Котова, password first-pass-1) on a new phone. */
const signUp = () => signUpClient(ctx.app, newPhone(), { name: 'Ирина', surname: 'Котова', password: 'first-pass-1' });

describe('profile', () => {
  it('updates name, surname and e-mail, and clears the e-mail with an empty string', async () => {
    const { authorization } = await signUp();
    const res = await call(ctx.app, endpoints.users.updateProfile, {
      headers: { authorization },
      body: { name: ' Ирина ', surname: 'Лебедева', email: 'IRINA@Example.ru' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ирина', surname: 'Лебедева', email: 'irina@example.ru' });
    const cleared = await call(ctx.app, endpoints.users.updateProfile, { headers: { authorization }, body: { email: '' } });
    expect(cleared.json().email).toBeNull();
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const { phone, authorization } = await signUp();
    const other = await call(ctx.app, endpoints.auth.signIn, { body: { phone, password: 'first-pass-1' } });
    const otherAuth = `Bearer ${other.json().accessToken}`;
    const wrong = await call(ctx.app, endpoints.users.updateProfile, {
      headers: { authorization },
      body: { currentPassword: 'nope-nope', newPassword: 'second-pass-2' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Текущий пароль указан неверно', field: 'currentPassword' });
    const missing = await call(ctx.app, endpoints.users.updateProfile, {
      headers: { authorization },
      body: { newPassword: 'second-pass-2' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Укажите текущий пароль', field: 'currentPassword' });
    const ok = await call(ctx.app, endpoints.users.updateProfile, {
      headers: { authorization },
      body: { currentPassword: 'first-pass-1', newPassword: 'second-pass-2' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(ctx.app, endpoints.users.me, { headers: { authorization } })).statusCode).toBe(200);
    expect((await call(ctx.app, endpoints.users.me, { headers: { authorization: otherAuth } })).statusCode).toBe(401);
    expect((await call(ctx.app, endpoints.auth.signIn, { body: { phone, password: 'second-pass-2' } })).statusCode).toBe(200);
  });

  it('rejects a bad e-mail and an empty name without writing', async () => {
    const { phone, authorization } = await signUp();
    for (const payload of [{ email: 'not-an-email' }, { name: '   ' }, { newPassword: 'short', currentPassword: 'first-pass-1' }]) {
      const res = await call(ctx.app, endpoints.users.updateProfile, { headers: { authorization }, body: payload });
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
    const set = await call(ctx.app, endpoints.bonus.setCustomCashback, {
      headers: admin,
      body: { phone: '+7 (900) 000-00-04', percent: 12.5 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ phone: '79000000004', percent: 12.5 });
    expect((await call(ctx.app, endpoints.bonus.getCustomCashback, { headers: client })).json()).toEqual({ percent: 12.5 });
    await call(ctx.app, endpoints.bonus.setCustomCashback, { headers: admin, body: { phone: '79000000004', percent: null } });
    expect((await call(ctx.app, endpoints.bonus.getCustomCashback, { headers: client })).json()).toEqual({ percent: null });
  });

  it('rejects a percent out of range or with three decimals, and a phone that is not a client', async () => {
    const admin = await signInAs(ctx.app, 'admin');
    for (const percent of [-1, 100.01, 12.345, '10']) {
      const res = await callUnchecked(ctx.app, endpoints.bonus.setCustomCashback, {
        headers: admin,
        body: { phone: '79000000004', percent },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('percent');
    }
    const staff = await call(ctx.app, endpoints.bonus.setCustomCashback, { headers: admin, body: { phone: '79000000002', percent: 5 } });
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
