import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { getMy, lastOutboxMessage, newPhone, resetLinkIdOf, signIn, signUpClient } from '../fixtures/accounts-kit.js';
import { call } from '../fixtures/requests.js';

/**
 * Closing the door (issue 24, item 5): deactivation, deletion and every password change end the
 * account's sessions and its open reset links, and a link sent before a deactivation stays dead
 * after a re-activation.
 */

const INVALID_LINK = 'Ссылка для сброса пароля недействительна или устарела. Запросите новую';
const STAFF_PASSWORD = 'staff-pass-1';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

async function newStaff(): Promise<{ id: string; phone: string; token: string }> {
  const phone = newPhone();
  const created = await call(ctx.app, endpoints.users.createStaff, {
    headers: admin,
    body: { phone, name: 'Олег', surname: 'Складов', role: 'storekeeper', password: STAFF_PASSWORD },
  });
  expect(created.statusCode, created.body).toBe(201);
  const signedIn = await signIn(ctx.app, phone, STAFF_PASSWORD);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { id: created.json<{ id: string }>().id, phone, token: signedIn.json<{ accessToken: string }>().accessToken };
}

/** Asks for a reset link the way a person does and answers its id from the message. */
async function resetLinkOf(phone: string): Promise<string> {
  const asked = await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
  expect(asked.statusCode, asked.body).toBe(200);
  const id = resetLinkIdOf(await lastOutboxMessage(ctx.app, phone, 'password_reset'));
  expect(await isLinkLive(id)).toBe(true);
  return id;
}

async function isLinkLive(id: string): Promise<boolean> {
  const res = await call(ctx.app, endpoints.auth.checkResetLink, { params: { id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ isLive: boolean }>().isLive;
}

const resetPassword = (id: string, password = 'taken-over-9') => call(ctx.app, endpoints.auth.resetPassword, { body: { id, password } });

const updateStaff = (id: string, payload: Record<string, unknown>) =>
  call(ctx.app, endpoints.users.updateStaff, { params: { id }, headers: admin, body: payload });

describe('closing a staff account', () => {
  it('deactivation ends the sessions and the open link, and the link stays dead after re-activation', async () => {
    const staff = await newStaff();
    const link = await resetLinkOf(staff.phone);

    expect((await updateStaff(staff.id, { isActive: false })).statusCode).toBe(200);
    expect((await getMy(ctx.app, staff.token)).statusCode).toBe(401);
    expect(await isLinkLive(link)).toBe(false);
    expectError(await resetPassword(link), 400, { message: INVALID_LINK, field: 'id' });

    expect((await updateStaff(staff.id, { isActive: true })).statusCode).toBe(200);
    expect(await isLinkLive(link)).toBe(false);
    expectError(await resetPassword(link), 400, { message: INVALID_LINK, field: 'id' });
    // The password is the one the account had: nobody changed it through the old link.
    expect((await signIn(ctx.app, staff.phone, STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('deletion ends the sessions and the open link', async () => {
    const staff = await newStaff();
    const link = await resetLinkOf(staff.phone);
    const deleted = await call(ctx.app, endpoints.users.deactivateStaff, { params: { id: staff.id }, headers: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await getMy(ctx.app, staff.token)).statusCode).toBe(401);
    expectError(await resetPassword(link), 400, { message: INVALID_LINK });
    expect((await updateStaff(staff.id, { isActive: true })).statusCode).toBe(200);
    expectError(await resetPassword(link), 400, { message: INVALID_LINK });
  });

  it('a new password set by the admin ends the sessions and the open link', async () => {
    const staff = await newStaff();
    const link = await resetLinkOf(staff.phone);
    expect((await updateStaff(staff.id, { password: 'admin-set-pass-3' })).statusCode).toBe(200);
    expect((await getMy(ctx.app, staff.token)).statusCode).toBe(401);
    expectError(await resetPassword(link), 400, { message: INVALID_LINK });
    expect((await signIn(ctx.app, staff.phone, 'admin-set-pass-3')).statusCode).toBe(200);
  });
});

describe('a password changed by its owner', () => {
  it('ends the open link and every other session; the session that changed it stays', async () => {
    const client = await signUpClient(ctx.app);
    const other = (await signIn(ctx.app, client.phone, 'secret-pass-1')).json<{ accessToken: string }>().accessToken;
    const link = await resetLinkOf(client.phone);

    const changed = await call(ctx.app, endpoints.users.updateProfile, {
      headers: { authorization: client.authorization },
      body: { currentPassword: 'secret-pass-1', newPassword: 'my-new-pass-4' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await getMy(ctx.app, client.token)).statusCode).toBe(200);
    expect((await getMy(ctx.app, other)).statusCode).toBe(401);
    expectError(await resetPassword(link), 400, { message: INVALID_LINK });
    expect((await signIn(ctx.app, client.phone, 'my-new-pass-4')).statusCode).toBe(200);
  });

  it('by a reset link ends every session, and the link is spent', async () => {
    const client = await signUpClient(ctx.app);
    const link = await resetLinkOf(client.phone);
    expect((await resetPassword(link, 'after-reset-5')).statusCode).toBe(200);
    expect((await getMy(ctx.app, client.token)).statusCode).toBe(401);
    expectError(await resetPassword(link, 'again-reset-6'), 400, { message: INVALID_LINK });
    expect((await signIn(ctx.app, client.phone, 'after-reset-5')).statusCode).toBe(200);
  });
});
