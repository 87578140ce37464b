import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, outboxMessages, passwordResets, users } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { ageActivationCode, activationCodeOf, lastOutboxMessage, newPhone, resetLinkIdOf, signUpClient } from '../fixtures/accounts-kit.js';
import { call } from '../fixtures/requests.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A fresh client (Ирина Котова, password first-pass-1) on a new phone. */
const signUp = () => signUpClient(ctx.app, newPhone(), { name: 'Ирина', surname: 'Котова', password: 'first-pass-1' });

const lastMessage = (phone: string, kind: 'activation_code' | 'password_reset') => lastOutboxMessage(ctx.app, phone, kind);

const activationStatus = (authorization: string) => call(ctx.app, endpoints.auth.activationStatus, { headers: { authorization } });

describe('activation', () => {
  it('sends a 6-digit code with the sign-up and confirms the account with it', async () => {
    const { phone, authorization } = await signUp();
    const code = activationCodeOf(await lastMessage(phone, 'activation_code'));
    expect(code).toMatch(/^\d{6}$/);

    const confirmed = await call(ctx.app, endpoints.auth.confirmActivation, { headers: { authorization }, body: { code } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ phone, isConfirmedAccount: true });
    const me = await call(ctx.app, endpoints.users.me, { headers: { authorization } });
    expect(me.json()).toMatchObject({ isConfirmedAccount: true });
    // The code is spent.
    const again = await call(ctx.app, endpoints.auth.confirmActivation, { headers: { authorization }, body: { code } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Аккаунт уже подтверждён');
    expect((await activationStatus(authorization)).json()).toEqual({ isCodeSent: false, resendAfterSeconds: 0 });
  });

  it('tells the activation page that the sign-up sent a code and when another may be asked for', async () => {
    const { phone, authorization } = await signUp();
    const status = await activationStatus(authorization);
    expect(status.statusCode).toBe(200);
    expect(status.json().isCodeSent).toBe(true);
    expect(status.json().resendAfterSeconds).toBeGreaterThan(55);
    expect(status.json().resendAfterSeconds).toBeLessThanOrEqual(60);
    // The resend rule holds from the sign-up on: no second code within the minute.
    const early = await call(ctx.app, endpoints.auth.sendActivationCode, { headers: { authorization } });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^Новый код можно запросить через (60|59|58|57|56) секунд/);

    await ageActivationCode(ctx, phone, 61);
    expect((await activationStatus(authorization)).json()).toEqual({ isCodeSent: true, resendAfterSeconds: 0 });
  });

  it('answers a client who has not asked for a code yet, and only clients', async () => {
    // The demo account was created without a sign-up, so no code has gone out.
    const pavel = await signInAs(ctx.app, 'unconfirmedClient');
    expect((await activationStatus(pavel.authorization)).json()).toEqual({ isCodeSent: false, resendAfterSeconds: 0 });
    expect((await call(ctx.app, endpoints.auth.activationStatus)).statusCode).toBe(401);
    const admin = await signInAs(ctx.app, 'admin');
    expect((await call(ctx.app, endpoints.auth.activationStatus, { headers: admin })).statusCode).toBe(403);
  });

  it('allows a resend only after 60 seconds and says how long to wait', async () => {
    const { phone, authorization } = await signUp();
    await ageActivationCode(ctx, phone, 61);
    const sent = await call(ctx.app, endpoints.auth.sendActivationCode, { headers: { authorization } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ok: true, resendAfterSeconds: 60 });
    // One code with the sign-up, one on request.
    const texts = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.phone, phone));
    expect(texts.map((m) => activationCodeOf(m.text))).toEqual([expect.stringMatching(/^\d{6}$/), expect.stringMatching(/^\d{6}$/)]);
    const early = await call(ctx.app, endpoints.auth.sendActivationCode, { headers: { authorization } });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^Новый код можно запросить через (60|59) секунд/);
    expect(early.json().retryAfterSeconds).toBeGreaterThan(55);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(55);
  });

  it('burns the code after 5 wrong attempts', async () => {
    const { phone, authorization } = await signUp();
    const code = activationCodeOf(await lastMessage(phone, 'activation_code'));
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await call(ctx.app, endpoints.auth.confirmActivation, { headers: { authorization }, body: { code: wrong } });
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
    const right = await call(ctx.app, endpoints.auth.confirmActivation, { headers: { authorization }, body: { code } });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Слишком много неверных попыток. Запросите новый код');
    const me = await call(ctx.app, endpoints.users.me, { headers: { authorization } });
    expect(me.json().isConfirmedAccount).toBe(false);
    // A burned code is no code: the page offers a new one.
    expect((await activationStatus(authorization)).json().isCodeSent).toBe(false);
  });

  it('rejects an expired code', async () => {
    const { phone, authorization } = await signUp();
    const code = activationCodeOf(await lastMessage(phone, 'activation_code'));
    const [user] = await ctx.database.db.select().from(users).where(eq(users.phone, phone));
    await ctx.database.db
      .update(activationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(activationCodes.userId, user!.id));
    expect((await activationStatus(authorization)).json().isCodeSent).toBe(false);
    const res = await call(ctx.app, endpoints.auth.confirmActivation, { headers: { authorization }, body: { code } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Код не запрошен или устарел. Запросите новый код', field: 'code' });
  });

  it('validates the code format and needs a client session', async () => {
    const { authorization } = await signUp();
    const bad = await call(ctx.app, endpoints.auth.confirmActivation, { headers: { authorization }, body: { code: '12ab' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Код состоит из 6 цифр', field: 'code' });
    expect((await call(ctx.app, endpoints.auth.sendActivationCode)).statusCode).toBe(401);
    const admin = await signInAs(ctx.app, 'admin');
    expect((await call(ctx.app, endpoints.auth.sendActivationCode, { headers: admin })).statusCode).toBe(403);
  });

  it('runs the confirmation hooks in the same transaction', async () => {
    const seen: string[] = [];
    ctx.app.areas.accounts.onAccountConfirmed(async (_tx, user) => {
      seen.push(user.phone);
    });
    const { phone, authorization } = await signUp();
    const code = activationCodeOf(await lastMessage(phone, 'activation_code'));
    await call(ctx.app, endpoints.auth.confirmActivation, { headers: { authorization }, body: { code } });
    expect(seen).toContain(phone);
  });
});

describe('password recovery', () => {
  it('answers the same for registered and unknown phones, and sends a link only to the registered one', async () => {
    const { phone } = await signUp();
    const known = await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
    const unknown = await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone: '79990001122' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(resetLinkIdOf(await lastMessage(phone, 'password_reset')).length).toBeGreaterThanOrEqual(40);
    expect((await call(ctx.app, endpoints.system.lastOutboxMessage, { query: { phone: '79990001122' } })).statusCode).toBe(404);
  });

  it('resets the password once, ends every session and lets the new password in', async () => {
    const { phone, authorization } = await signUp();
    await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone: `8${phone.slice(1)}` } });
    const id = resetLinkIdOf(await lastMessage(phone, 'password_reset'));
    const reset = await call(ctx.app, endpoints.auth.resetPassword, { body: { id, password: 'brand-new-pass' } });
    expect(reset.statusCode).toBe(200);
    expect((await call(ctx.app, endpoints.users.me, { headers: { authorization } })).statusCode).toBe(401);
    const signin = await call(ctx.app, endpoints.auth.signIn, { body: { phone, password: 'brand-new-pass' } });
    expect(signin.statusCode).toBe(200);
    const reused = await call(ctx.app, endpoints.auth.resetPassword, { body: { id, password: 'another-pass-1' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Ссылка для сброса пароля недействительна или устарела. Запросите новую');
  });

  it('voids the previous link when a new one is requested', async () => {
    const { phone } = await signUp();
    await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
    const first = resetLinkIdOf(await lastMessage(phone, 'password_reset'));
    await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
    const second = resetLinkIdOf(await lastMessage(phone, 'password_reset'));
    expect(second).not.toBe(first);
    expect((await call(ctx.app, endpoints.auth.resetPassword, { body: { id: first, password: 'brand-new-pass' } })).statusCode).toBe(400);
    expect((await call(ctx.app, endpoints.auth.resetPassword, { body: { id: second, password: 'brand-new-pass' } })).statusCode).toBe(200);
  });

  it('checks a link when its page opens: live until used, replaced or expired; unknown links are dead', async () => {
    const isLive = async (id: string) => {
      const res = await call(ctx.app, endpoints.auth.checkResetLink, { params: { id } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ isLive: boolean }>().isLive;
    };
    const { phone } = await signUp();
    await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
    const id = resetLinkIdOf(await lastMessage(phone, 'password_reset'));
    expect(await isLive(id)).toBe(true);
    // Checking does not spend the link.
    expect(await isLive(id)).toBe(true);
    expect((await call(ctx.app, endpoints.auth.resetPassword, { body: { id, password: 'brand-new-pass' } })).statusCode).toBe(200);
    expect(await isLive(id)).toBe(false);
    expect(await isLive('no-such-link')).toBe(false);

    await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
    const second = resetLinkIdOf(await lastMessage(phone, 'password_reset'));
    await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
    const third = resetLinkIdOf(await lastMessage(phone, 'password_reset'));
    expect([await isLive(second), await isLive(third)]).toEqual([false, true]);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.phone, phone));
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user!.id));
    expect(await isLive(third)).toBe(false);
  });

  it('rejects an expired link, an unknown link and a weak password', async () => {
    const { phone } = await signUp();
    await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
    const id = resetLinkIdOf(await lastMessage(phone, 'password_reset'));
    const weak = await call(ctx.app, endpoints.auth.resetPassword, { body: { id, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: 'Пароль должен быть не короче 8 символов', field: 'password' });
    await ctx.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await call(ctx.app, endpoints.auth.resetPassword, { body: { id, password: 'brand-new-pass' } });
    expect(expired.statusCode).toBe(400);
    const unknown = await call(ctx.app, endpoints.auth.resetPassword, { body: { id: 'no-such-link', password: 'brand-new-pass' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Ссылка для сброса пароля недействительна или устарела. Запросите новую');
  });
});
