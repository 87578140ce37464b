import { type BoxberrySettings, type ConnectionCheck, endpoints } from '@vmeste/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { boxberryPoints, pointsSyncs } from '../../src/areas/delivery/delivery.schema.js';
import { deliveryJobs } from '../../src/areas/delivery/delivery-jobs.js';
import { type BoxberryEmulator, startBoxberryEmulator } from '../../src/integrations/boxberry/emulator/boxberry-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { createMethod, createMethodOk, type DeliveryContext, packedParcel, recipient, ship } from './delivery-kit.js';

/**
 * A production start never talks to a fake Boxberry: without a saved token Boxberry is off — the
 * settings say so, nothing that needs Boxberry runs (points sync, shipping, the jobs), clients are
 * offered no points, and the built-in emulator is never started. With a token it works as always.
 */

const OFF = 'Boxberry не подключён: сохраните токен на странице «Настройки Boxberry»';
const dimensions = { defaultLengthCm: 30, defaultWidthCm: 20, defaultHeightCm: 15 };

describe('Boxberry in production without a token', () => {
  let boxberry: BoxberryEmulator;
  let ctx: DeliveryContext;
  let client: Headers;

  beforeAll(async () => {
    // A stand-in for Boxberry itself, reached only through a saved token.
    boxberry = await startBoxberryEmulator();
    const app = await createTestApp({
      NODE_ENV: 'production',
      SECRETS_KEY: 'production-secrets-key-0123456789',
      BOXBERRY_BASE_URL: boxberry.url,
    });
    ctx = Object.assign(app, {
      admin: await signInAs(app.app, 'admin'),
      storekeeper: await signInAs(app.app, 'storekeeper'),
      logistician: await signInAs(app.app, 'logistician'),
      client: await signInAs(app.app, 'client'),
    });
    client = ctx.client;
  });
  afterAll(async () => {
    // Checked last, after every test below asked for Boxberry in its way.
    expect(ctx.app.areas.delivery.boxberry.hasStartedEmulator()).toBe(false);
    await ctx?.close();
    await boxberry?.close();
  });

  const settings = async () => {
    const res = await call(ctx.app, endpoints.delivery.boxberrySettings, { headers: ctx.logistician });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BoxberrySettings>();
  };
  const save = (body: Record<string, unknown>) =>
    call(ctx.app, endpoints.delivery.saveBoxberrySettings, { headers: ctx.logistician, body: { ...dimensions, ...body } });
  const cities = async () => {
    const res = await call(ctx.app, endpoints.delivery.cities, { headers: client });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<unknown[]>();
  };
  const syncCount = async () => Number((await ctx.database.db.select({ n: count() }).from(pointsSyncs))[0]!.n);

  it('the settings say Boxberry is off, and the check says what to do', async () => {
    expect(await settings()).toMatchObject({ mode: 'off', isDemo: false, tokenMasked: null, canSaveToken: true, apiUrl: 'не подключён' });
    const res = await call(ctx.app, endpoints.delivery.checkBoxberry, { headers: ctx.logistician });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ConnectionCheck>()).toMatchObject({ isOk: false, message: OFF });
    expect(await ctx.app.areas.delivery.serviceStates()).toEqual([
      { service: 'Boxberry', mode: 'off', detail: 'токен не сохранён на «Настройки Boxberry»' },
      { service: 'Подсказки адресов DaData', mode: 'off', detail: 'нет DADATA_API_KEY: адрес вводят вручную' },
    ]);
  });

  it('loading the points: 409 with what to do, and no run is recorded', async () => {
    expectError(await call(ctx.app, endpoints.delivery.startPointsSync, { headers: ctx.logistician }), 409, {
      message: OFF,
    });
    expect(await syncCount()).toBe(0);
    expect(await cities()).toEqual([]);
  });

  it('shipping a parcel: 409 with what to do', async () => {
    await createMethodOk(ctx.app, client, {
      kind: 'courier',
      address: { value: 'г Москва, ул Тверская, д 1', postalCode: '125009', city: 'Москва', details: 'кв. 5', lat: null, lon: null },
      recipient: recipient(),
      isDefault: true,
    });
    const { parcel } = await packedParcel(ctx);
    expect(parcel.deliveryKind).toBe('courier');
    expectError(await ship(ctx.app, ctx.logistician, parcel.id), 409, { message: OFF });
  });

  it('the background jobs do nothing: no points run, no emulator', async () => {
    for (const job of ['delivery.points-sync', 'delivery.tracking']) await ctx.app.jobs.makeDue(job);
    expect(await ctx.app.jobs.runDue()).toEqual(expect.arrayContaining(['delivery.points-sync', 'delivery.tracking']));
    expect(await syncCount()).toBe(0);
  });

  it('the emulator refuses to start at all', async () => {
    await expect(ctx.app.areas.delivery.boxberry.emulator()).rejects.toThrow();
  });

  it('a token with control characters or spaces inside: 400 on token, nothing saved, Boxberry still off', async () => {
    for (const token of ['live\u0000token-0123', 'live-token\n0123', 'live token 0123', 'live\u200btoken0123', 'live\ttoken\u007f']) {
      expectError(await save({ token }), 400, { field: 'token' });
    }
    expect(await settings()).toMatchObject({ mode: 'off', tokenMasked: null, updatedAt: null });
  });

  it('with a token saved: Boxberry itself, points offered; removing the token turns it off again', async () => {
    const saved = await save({ token: 'live-token-0123456789abcdef' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BoxberrySettings>()).toMatchObject({ mode: 'token', apiUrl: boxberry.url });
    expect((await ctx.app.areas.delivery.serviceStates())[0]).toMatchObject({ service: 'Boxberry', mode: 'real' });
    expect(await ctx.app.areas.delivery.sync.runNow('manual')).toMatchObject({ status: 'succeeded' });
    expect(boxberry.requests.some((r) => r.method === 'ListCities')).toBe(true);
    expect((await cities()).length).toBeGreaterThan(0);
    const [loaded] = await ctx.database.db.select().from(boxberryPoints).limit(1);

    expect((await save({ token: '' })).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ mode: 'off' });
    // The points an earlier sync loaded stay for the logistician, but clients are offered none,
    // nor can a method to one of them be saved.
    expect(await cities()).toEqual([]);
    expectError(
      await createMethod(ctx.app, client, { kind: 'boxberry', pointCode: loaded!.code, recipient: recipient(), isDefault: false }),
      409,
      {
        field: 'pointCode',
      },
    );
  });
});

describe('Boxberry in production without SECRETS_KEY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => ctx.close());

  it('the settings and the start-up line say a token cannot be saved until SECRETS_KEY is set', async () => {
    const logistician = await signInAs(ctx.app, 'logistician');
    const res = await call(ctx.app, endpoints.delivery.boxberrySettings, { headers: logistician });
    expect(res.json<BoxberrySettings>()).toMatchObject({ mode: 'off', canSaveToken: false });
    const [boxberryState] = await ctx.app.areas.delivery.serviceStates();
    expect(boxberryState).toMatchObject({ mode: 'off', detail: expect.stringMatching(/SECRETS_KEY/) });
    const saved = await call(ctx.app, endpoints.delivery.saveBoxberrySettings, {
      headers: logistician,
      body: { ...dimensions, token: 'live-token-0123456789abcdef' },
    });
    expectError(saved, 409, { field: 'token' });
  });
});

describe('outside production', () => {
  it('without a token: the built-in emulator, as before', async () => {
    const ctx = await createTestApp();
    try {
      const logistician = await signInAs(ctx.app, 'logistician');
      const res = await call(ctx.app, endpoints.delivery.boxberrySettings, { headers: logistician });
      expect(res.json<BoxberrySettings>()).toMatchObject({ mode: 'demo', isDemo: true, canSaveToken: true });
      expect((await ctx.app.areas.delivery.serviceStates())[0]).toMatchObject({ service: 'Boxberry', mode: 'emulated' });
    } finally {
      await ctx.close();
    }
  });
});

describe('the delivery jobs while Boxberry is off', () => {
  it('say so once, not every turn, and say it again after Boxberry was back on', async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    let mode: 'off' | 'token' = 'off';
    const runNow = vi.fn(async () => null);
    const jobs = deliveryJobs({
      db: {} as never,
      sync: { runNow } as never,
      shipping: {} as never,
      boxberry: { mode: async () => mode },
      log: log as never,
      pointsSyncAt: { hour: 3, minute: 0 },
    });
    const pointsJob = jobs.find((j) => j.name === 'delivery.points-sync')!;
    for (let turn = 0; turn < 3; turn += 1) await pointsJob.run();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(runNow).not.toHaveBeenCalled();
    mode = 'token';
    await pointsJob.run();
    expect(runNow).toHaveBeenCalledTimes(1);
    mode = 'off';
    await pointsJob.run();
    await pointsJob.run();
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});
