import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { call, callUnchecked } from '../fixtures/requests.js';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

async function createEmployee(phone: string, role = 'storekeeper') {
  const res = await callUnchecked(ctx.app, endpoints.users.createStaff, {
    headers: admin,
    body: { phone, name: 'Олег', surname: 'Титов', role, password: 'staff-pass-1' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string; phone: string; role: string; isActive: boolean; isConfirmedAccount: boolean }>();
}

describe('staff list', () => {
  it('answers every account but clients, filtered by role on request', async () => {
    const res = await call(ctx.app, endpoints.users.listStaff, { headers: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ phone: string; role: string }[]>();
    expect(list.map((u) => u.role)).not.toContain('client');
    expect(list.map((u) => u.phone)).toEqual(
      expect.arrayContaining([demoPhones.admin, demoPhones.storekeeper, demoPhones.logistician, demoPhones.organizer]),
    );
    const logisticians = await call(ctx.app, endpoints.users.listStaff, { query: { role: 'logistician' }, headers: admin });
    expect(logisticians.json<{ role: string }[]>().every((u) => u.role === 'logistician')).toBe(true);
    const bad = await callUnchecked(ctx.app, endpoints.users.listStaff, { query: { role: 'client' }, headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Выберите роль сотрудника/);
  });
});

describe('creating employees', () => {
  it('creates a confirmed employee who can sign in and lands in their area', async () => {
    const created = await createEmployee('+7 (915) 100-00-01');
    expect(created).toMatchObject({ phone: '79151000001', role: 'storekeeper', isActive: true, isConfirmedAccount: true });
    const signin = await call(ctx.app, endpoints.auth.signIn, { body: { phone: '79151000001', password: 'staff-pass-1' } });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user.role).toBe('storekeeper');
  });

  it('rejects a taken phone, an unknown role, a weak password and missing fields, writing nothing', async () => {
    const before = (await ctx.database.db.select().from(users)).length;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ phone: demoPhones.client, name: 'А', surname: 'Б', role: 'storekeeper', password: 'staff-pass-1' }, 409, 'phone'],
      [{ phone: '79151000099', name: 'А', surname: 'Б', role: 'boss', password: 'staff-pass-1' }, 400, 'role'],
      [{ phone: '79151000099', name: 'А', surname: 'Б', role: 'client', password: 'staff-pass-1' }, 400, 'role'],
      [{ phone: '79151000099', name: 'А', surname: 'Б', role: 'storekeeper', password: '123' }, 400, 'password'],
      [{ phone: '79151000099', surname: 'Б', role: 'storekeeper', password: 'staff-pass-1' }, 400, 'name'],
      [{ phone: '12345', name: 'А', surname: 'Б', role: 'storekeeper', password: 'staff-pass-1' }, 400, 'phone'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await callUnchecked(ctx.app, endpoints.users.createStaff, { headers: admin, body: payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ field });
      expect(res.json().message).toMatch(/[А-Яа-яЁё]/);
    }
    expect((await ctx.database.db.select().from(users)).length).toBe(before);
  });
});

describe('editing employees', () => {
  it('changes role and name; a password reset ends the employee sessions', async () => {
    const employee = await createEmployee('79151000002', 'organizer');
    const session = await call(ctx.app, endpoints.auth.signIn, { body: { phone: '79151000002', password: 'staff-pass-1' } });
    const authorization = `Bearer ${session.json().accessToken}`;
    const renamed = await call(ctx.app, endpoints.users.updateStaff, {
      params: { id: employee.id },
      headers: admin,
      body: { role: 'logistician', surname: 'Титова' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ role: 'logistician', surname: 'Титова' });
    // A role change takes effect on the next request without signing out.
    expect((await call(ctx.app, endpoints.users.me, { headers: { authorization } })).json().role).toBe('logistician');
    await call(ctx.app, endpoints.users.updateStaff, { params: { id: employee.id }, headers: admin, body: { password: 'reset-pass-2' } });
    expect((await call(ctx.app, endpoints.users.me, { headers: { authorization } })).statusCode).toBe(401);
    expect((await call(ctx.app, endpoints.auth.signIn, { body: { phone: '79151000002', password: 'reset-pass-2' } })).statusCode).toBe(200);
  });

  it('answers 404 for a client or an unknown id and 400 for a malformed id', async () => {
    const [client] = await ctx.database.db.select().from(users).where(eq(users.phone, demoPhones.client));
    const asClient = await call(ctx.app, endpoints.users.updateStaff, { params: { id: client!.id }, headers: admin, body: { name: 'Х' } });
    expect(asClient.statusCode).toBe(404);
    expect(asClient.json().message).toBe('Сотрудник не найден');
    expect(
      (
        await call(ctx.app, endpoints.users.updateStaff, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
          headers: admin,
          body: { name: 'Х' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(ctx.app, endpoints.users.deactivateStaff, { params: { id: 'not-a-uuid' }, headers: admin })).statusCode).toBe(400);
  });

  it('does not let an admin delete, deactivate or demote themselves', async () => {
    const me = (await call(ctx.app, endpoints.users.me, { headers: admin })).json<{ id: string }>();
    const del = await call(ctx.app, endpoints.users.deactivateStaff, { params: { id: me.id }, headers: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Нельзя удалить собственную учётную запись');
    const demote = await call(ctx.app, endpoints.users.updateStaff, {
      params: { id: me.id },
      headers: admin,
      body: { role: 'storekeeper' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('Нельзя снять с себя роль администратора');
    const off = await call(ctx.app, endpoints.users.updateStaff, { params: { id: me.id }, headers: admin, body: { isActive: false } });
    expect(off.statusCode).toBe(409);
    expect((await call(ctx.app, endpoints.users.me, { headers: admin })).json().role).toBe('admin');
  });
});

describe('deactivating employees', () => {
  it('soft-deletes: sessions end, sign-in is refused, the record stays', async () => {
    const employee = await createEmployee('79151000003');
    const session = await call(ctx.app, endpoints.auth.signIn, { body: { phone: '79151000003', password: 'staff-pass-1' } });
    const authorization = `Bearer ${session.json().accessToken}`;
    const del = await call(ctx.app, endpoints.users.deactivateStaff, { params: { id: employee.id }, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json().isActive).toBe(false);
    expect((await call(ctx.app, endpoints.users.me, { headers: { authorization } })).statusCode).toBe(401);
    const signin = await call(ctx.app, endpoints.auth.signIn, { body: { phone: '79151000003', password: 'staff-pass-1' } });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().message).toBe('Учётная запись отключена. Обратитесь к администратору магазина');
    const list = await call(ctx.app, endpoints.users.listStaff, { headers: admin });
    expect(list.json<{ id: string; isActive: boolean }[]>().find((u) => u.id === employee.id)).toMatchObject({ isActive: false });
    // The admin can switch the account back on.
    await call(ctx.app, endpoints.users.updateStaff, { params: { id: employee.id }, headers: admin, body: { isActive: true } });
    expect((await call(ctx.app, endpoints.auth.signIn, { body: { phone: '79151000003', password: 'staff-pass-1' } })).statusCode).toBe(200);
  });
});

describe('the admin role', () => {
  const adminRefused = 'Роль администратора здесь не назначается. Выберите: организатор, логист, товаровед или кладовщик';

  it('gives every role of the specification’s list, and refuses to make an admin, writing nothing', async () => {
    for (const [i, role] of ['organizer', 'logistician', 'merchandiser', 'storekeeper'].entries()) {
      expect((await createEmployee(`7915100010${i}`, role)).role).toBe(role);
    }
    const before = (await ctx.database.db.select().from(users)).length;
    const res = await callUnchecked(ctx.app, endpoints.users.createStaff, {
      headers: admin,
      body: { phone: '79151000199', name: 'Инна', surname: 'Лосева', role: 'admin', password: 'staff-pass-1' },
    });
    expectError(res, 400, { message: adminRefused, field: 'role' });
    const unknown = await callUnchecked(ctx.app, endpoints.users.createStaff, {
      headers: admin,
      body: { phone: '79151000199', name: 'Инна', surname: 'Лосева', role: 'boss', password: 'staff-pass-1' },
    });
    expectError(unknown, 400, { message: 'Выберите роль сотрудника: организатор, логист, товаровед или кладовщик', field: 'role' });
    expect((await ctx.database.db.select().from(users)).length).toBe(before);
  });

  it('refuses to change an employee into an admin, the admin’s own record included', async () => {
    const employee = await createEmployee('79151000110', 'logistician');
    const promote = await callUnchecked(ctx.app, endpoints.users.updateStaff, {
      params: { id: employee.id },
      headers: admin,
      body: { role: 'admin' },
    });
    expectError(promote, 400, { message: adminRefused, field: 'role' });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, employee.id));
    expect(row!.role).toBe('logistician');

    const me = (await call(ctx.app, endpoints.users.me, { headers: admin })).json<{ id: string }>();
    expectError(
      await callUnchecked(ctx.app, endpoints.users.updateStaff, { params: { id: me.id }, headers: admin, body: { role: 'admin' } }),
      400,
      {
        field: 'role',
      },
    );
    // Without a role, an admin's record is edited as any other and stays an admin.
    const renamed = await call(ctx.app, endpoints.users.updateStaff, { params: { id: me.id }, headers: admin, body: { name: 'Анна' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ role: 'admin', name: 'Анна' });
  });

  it('still lists the admins there are, and lets another admin be given an employee role', async () => {
    // An admin from the shop's setup (as the demo data makes them), not from the staff form.
    const other = await createEmployee('79151000120', 'organizer');
    await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, other.id));
    const admins = await call(ctx.app, endpoints.users.listStaff, { query: { role: 'admin' }, headers: admin });
    expect(admins.statusCode).toBe(200);
    expect(admins.json<{ phone: string; role: string }[]>().map((u) => u.phone)).toEqual(
      expect.arrayContaining([demoPhones.admin, '79151000120']),
    );
    const demoted = await call(ctx.app, endpoints.users.updateStaff, {
      params: { id: other.id },
      headers: admin,
      body: { role: 'storekeeper' },
    });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe('storekeeper');
  });
});

describe('the first admin from the configuration', () => {
  it('is made once when nobody has the phone, signs in, and a restart never resets its password', async () => {
    const phone = '79120001122';
    expect(await ctx.app.areas.accounts.ensureFirstAdmin({ phone, password: 'owner-pass-1' })).toBe('created');
    const signin = await call(ctx.app, endpoints.auth.signIn, { body: { phone, password: 'owner-pass-1' } });
    expect(signin.statusCode, signin.body).toBe(200);
    expect(signin.json()).toMatchObject({ user: { phone, role: 'admin', isConfirmedAccount: true } });
    expect(await ctx.app.areas.accounts.ensureFirstAdmin({ phone, password: 'another-pass-2' })).toBe('exists');
    const again = await call(ctx.app, endpoints.auth.signIn, { body: { phone, password: 'owner-pass-1' } });
    expect(again.statusCode).toBe(200);
  });

  it('leaves a client who already has the phone a client', async () => {
    expect(await ctx.app.areas.accounts.ensureFirstAdmin({ phone: demoPhones.client, password: 'owner-pass-1' })).toBe('exists');
    const [row] = await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.phone, demoPhones.client));
    expect(row?.role).toBe('client');
  });
});
