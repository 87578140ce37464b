import { type BonusClient, type BonusSettingsPage, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';
import { DEFAULT_SETTINGS, balanceOf, entriesOf, ledgerCheck, manual, manualOk, newClient, putSettings } from './bonus-kit.js';

/** The bonus programme's settings (defaults, validation, history) and the admin's manual accrual for one client. */

let ctx: TestContext;
let admin: Headers;
const ADMIN_NAME = 'Анна Смирнова';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

function putRaw(body: Record<string, unknown>) {
  return callUnchecked(ctx.app, endpoints.bonus.updateSettings, { headers: admin, body: body });
}

describe('settings', () => {
  it('start with 3 % cashback, 1 % for a friend, 30 % cap, on delivery, no expiry, in force since the shop opened', async () => {
    const res = await call(ctx.app, endpoints.bonus.settings, { headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<BonusSettingsPage>();
    // Not «since 01.01.1970»: the defaults have no date of their own, the page says «с открытия магазина».
    expect(page.current).toEqual({ ...DEFAULT_SETTINGS, since: null, changedBy: null });
    // The first version is in the history too.
    expect(page.history).toEqual([page.current]);
  });

  it('are for the admin only', async () => {
    const client = await signInAs(ctx.app, 'client');
    expect((await call(ctx.app, endpoints.bonus.settings, { headers: client })).statusCode).toBe(403);
    expect((await call(ctx.app, endpoints.bonus.settings)).statusCode).toBe(401);
    expect((await call(ctx.app, endpoints.bonus.updateSettings, { headers: client, body: DEFAULT_SETTINGS })).statusCode).toBe(403);
  });

  it.each([
    [{ defaultPercent: 101 }, 'defaultPercent', 'Кешбэк по умолчанию — от 0 до 100'],
    [{ defaultPercent: -1 }, 'defaultPercent', 'Кешбэк по умолчанию — от 0 до 100'],
    [{ defaultPercent: 1.234 }, 'defaultPercent', 'Кешбэк по умолчанию — не более двух знаков после запятой'],
    [{ defaultPercent: 'пять' }, 'defaultPercent', 'Кешбэк по умолчанию — число от 0 до 100'],
    [{ referralPercent: 150 }, 'referralPercent', 'Процент за приглашённого друга — от 0 до 100'],
    [{ spendCapPercent: 100.5 }, 'spendCapPercent', 'Доля оплаты бонусами — от 0 до 100'],
    [{ creditOn: 'never' }, 'creditOn', 'Выберите, когда начислять кешбэк'],
    [{ expiryDays: 0 }, 'expiryDays', 'Срок жизни бонусов — от 1 дня'],
    [{ expiryDays: 1.5 }, 'expiryDays', 'Срок жизни бонусов — целое число дней'],
    [{ expiryDays: 3651 }, 'expiryDays', 'Срок жизни бонусов — не больше 3650 дней'],
  ])('refuse %j with a Russian message on its field', async (change, field, message) => {
    expectError(await putRaw({ ...DEFAULT_SETTINGS, ...change }), 400, { field, message });
  });

  it('refuse a body without a field', async () => {
    const { expiryDays: _omitted, ...rest } = DEFAULT_SETTINGS;
    expectError(await putRaw(rest), 400, { field: 'expiryDays' });
  });

  it('a saved version becomes current; the history keeps every version, newest first, with who saved it', async () => {
    const first = await putSettings(ctx.app, admin, { defaultPercent: 5.5, expiryDays: 90 });
    expect(first.current).toMatchObject({
      defaultPercent: 5.5,
      referralPercent: 1,
      spendCapPercent: 30,
      creditOn: 'delivery',
      expiryDays: 90,
    });
    expect(first.current.changedBy).toBe(ADMIN_NAME);
    const second = await putSettings(ctx.app, admin, { referralPercent: 2.25, spendCapPercent: 100, creditOn: 'payment' });
    expect(second.current).toMatchObject({
      defaultPercent: 3,
      referralPercent: 2.25,
      spendCapPercent: 100,
      creditOn: 'payment',
      expiryDays: null,
    });
    expect(second.history.map((h) => [h.defaultPercent, h.creditOn, h.changedBy])).toEqual([
      [3, 'payment', ADMIN_NAME],
      [5.5, 'delivery', ADMIN_NAME],
      [3, 'delivery', null],
    ]);
    expect(Date.parse(second.history[0]!.since!)).toBeGreaterThanOrEqual(Date.parse(second.history[1]!.since!));
    expect(second.history[2]!.since).toBeNull();
    const read = (await call(ctx.app, endpoints.bonus.settings, { headers: admin })).json<BonusSettingsPage>();
    expect(read).toEqual(second);
    // A refused change leaves everything as it was.
    expectError(await putRaw({ ...DEFAULT_SETTINGS, defaultPercent: 200 }), 400, { field: 'defaultPercent' });
    const after = (await call(ctx.app, endpoints.bonus.settings, { headers: admin })).json<BonusSettingsPage>();
    expect(after.history).toHaveLength(3);
  });
});

describe('manual accrual', () => {
  it('credits and debits with a comment the client sees in the history', async () => {
    const client = await newClient(ctx.app);
    const credit = await manualOk(ctx.app, admin, client.phone, 50_000, 'Подарок ко дню рождения');
    expect(credit).toMatchObject({ kind: 'manual', amountKopecks: 50_000, writtenOffKopecks: 0, comment: 'Подарок ко дню рождения' });
    expect(credit.description).toBe('Начислено вручную');
    const debit = await manualOk(ctx.app, admin, client.phone, -12_345, '  Ошибка начисления  ');
    expect(debit).toMatchObject({ kind: 'manual', amountKopecks: -12_345, comment: 'Ошибка начисления', description: 'Списано вручную' });
    expect(await balanceOf(ctx.app, client.headers)).toBe(37_655);

    const history = await call(ctx.app, endpoints.bonus.myHistory, { headers: client.headers });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ items: { id: string; comment: string }[]; total: number }>()).toMatchObject({
      total: 2,
      items: [
        { id: debit.id, comment: 'Ошибка начисления' },
        { id: credit.id, comment: 'Подарок ко дню рождения' },
      ],
    });
    const rows = await entriesOf(ctx, client.userId);
    expect(rows.map((r) => [r.kind, r.amountKopecks, r.actorName])).toEqual([
      ['manual', 50_000, ADMIN_NAME],
      ['manual', -12_345, ADMIN_NAME],
    ]);

    const found = await call(ctx.app, endpoints.bonus.client, { query: { phone: client.phone }, headers: admin });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<BonusClient>()).toMatchObject({ userId: client.userId, balanceKopecks: 37_655, customPercent: null });
    expect(found.json<BonusClient>().recent).toHaveLength(2);
  });

  it('a debit beyond the balance is refused and writes nothing', async () => {
    const client = await newClient(ctx.app);
    await manualOk(ctx.app, admin, client.phone, 1_000);
    expectError(await manual(ctx.app, admin, client.phone, -1_001), 409, { field: 'amountKopecks', message: /списать 10,01/ });
    expect(await balanceOf(ctx.app, client.headers)).toBe(1_000);
    expect(await entriesOf(ctx, client.userId)).toHaveLength(1);
    // Exactly the balance is fine: the account reaches zero.
    await manualOk(ctx.app, admin, client.phone, -1_000);
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);
  });

  it('an unknown phone and a staff phone are 404; the body is checked', async () => {
    expectError(await manual(ctx.app, admin, '79990000099', 100), 404, { field: 'phone', message: 'Клиент с таким телефоном не найден' });
    expectError(await manual(ctx.app, admin, demoPhones.storekeeper, 100), 404, { field: 'phone' });
    expectError(await manual(ctx.app, admin, demoPhones.admin, 100), 404, { field: 'phone' });
    expectError(await call(ctx.app, endpoints.bonus.client, { query: { phone: demoPhones.organizer }, headers: admin }), 404, {
      field: 'phone',
    });
    const client = await newClient(ctx.app);
    expectError(await manual(ctx.app, admin, client.phone, 0), 400, { field: 'amountKopecks', message: 'Сумма не может быть нулевой' });
    expectError(await manual(ctx.app, admin, client.phone, 1.5), 400, { field: 'amountKopecks' });
    expectError(await manual(ctx.app, admin, client.phone, 100_000_001), 400, { field: 'amountKopecks' });
    expectError(await manual(ctx.app, admin, client.phone, 100, '   '), 400, { field: 'comment' });
    expect(await entriesOf(ctx, client.userId)).toEqual([]);
  });

  it('is the admin’s only', async () => {
    const client = await newClient(ctx.app);
    const storekeeper = await signInAs(ctx.app, 'storekeeper');
    expect((await manual(ctx.app, client.headers, client.phone, 100)).statusCode).toBe(403);
    expect((await manual(ctx.app, storekeeper, client.phone, 100)).statusCode).toBe(403);
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);
  });

  it('leaves the ledger check clean', async () => {
    const check = await ledgerCheck(ctx.app, admin);
    expect(check.differences).toEqual([]);
    expect(check.ledgerRows).toBeGreaterThan(0);
  });
});
