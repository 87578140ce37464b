import { endpoints, type PointsSync } from '@vmeste/contract';
import type { LightMyRequestResponse } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxberryPoints, deliveryInvoices, pointsSyncs } from '../../src/areas/delivery/delivery.schema.js';
import { demoCities, demoPoints } from '../../src/integrations/boxberry/emulator/boxberry-demo-data.js';
import { isPostgresRun } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call } from '../fixtures/requests.js';
import {
  createDeliveryApp,
  createInvoices,
  type DeliveryContext,
  invoiceOk,
  logisticsParcel,
  packedParcel,
  payInvoices,
  setPointEnabled,
} from './delivery-kit.js';

/**
 * Loading Boxberry's pickup points: in the background with progress, one run at a time, the same
 * points however often it runs, the logistician's switch kept. On PostgreSQL: two instances running
 * the nightly job at once load once; one invoice paid or one parcel invoiced from two requests at once.
 */

/** The emulator's points in its cities (ListPoints answers each city's, prepaid-only included). */
const EXPECTED_POINTS = demoPoints.filter((p) => demoCities.some((c) => c.code === p.cityCode)).length;

const statusCounts = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((counts, res) => ({ ...counts, [res.statusCode]: (counts[res.statusCode] ?? 0) + 1 }), {});

async function countRows(ctx: DeliveryContext) {
  const [points] = await ctx.database.db.select({ n: count() }).from(boxberryPoints);
  const [syncs] = await ctx.database.db.select({ n: count() }).from(pointsSyncs);
  return { points: Number(points!.n), syncs: Number(syncs!.n) };
}

async function waitForSync(ctx: DeliveryContext): Promise<PointsSync> {
  for (let i = 0; i < 200; i += 1) {
    const res = await call(ctx.app, endpoints.delivery.pointsSync, { headers: ctx.logistician });
    expect(res.statusCode, res.body).toBe(200);
    const sync = res.json<PointsSync | null>();
    if (sync && sync.status !== 'running') return sync;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the points sync did not finish');
}

const startSync = (ctx: DeliveryContext) => call(ctx.app, endpoints.delivery.startPointsSync, { headers: ctx.logistician });

describe('points sync (PGlite and PostgreSQL)', () => {
  let ctx: DeliveryContext;
  beforeAll(async () => {
    ctx = await createDeliveryApp();
  });
  afterAll(() => ctx.close());

  it('the demo data loaded every emulator point', async () => {
    expect(EXPECTED_POINTS).toBeGreaterThan(20);
    expect((await countRows(ctx)).points).toBe(EXPECTED_POINTS);
  });

  it('a manual run: 201 «running», then «succeeded» with every city and point counted', async () => {
    const res = await startSync(ctx);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<PointsSync>()).toMatchObject({ status: 'running', trigger: 'manual', startedByName: expect.any(String) });
    const done = await waitForSync(ctx);
    expect(done).toMatchObject({
      id: res.json<PointsSync>().id,
      status: 'succeeded',
      citiesTotal: demoCities.length,
      citiesDone: demoCities.length,
      pointsCount: EXPECTED_POINTS,
      error: null,
    });
    expect(done.finishedAt).not.toBeNull();
    expect((await countRows(ctx)).points).toBe(EXPECTED_POINTS);
  });

  it('is idempotent: the same points after another run, and a point switched off stays off', async () => {
    const [point] = demoPoints;
    expect((await setPointEnabled(ctx.app, ctx.logistician, point!.code, false)).statusCode).toBe(200);
    const before = await countRows(ctx);
    expect((await startSync(ctx)).statusCode).toBe(201);
    expect(await waitForSync(ctx)).toMatchObject({ status: 'succeeded', pointsCount: EXPECTED_POINTS });
    const after = await countRows(ctx);
    expect(after).toEqual({ points: before.points, syncs: before.syncs + 1 });
    const [row] = await ctx.database.db.select().from(boxberryPoints).where(eq(boxberryPoints.code, point!.code));
    expect(row).toMatchObject({ isEnabled: false, isActive: true });
    await setPointEnabled(ctx.app, ctx.logistician, point!.code, true);
  });

  it('a second start while one runs: 409, no second run', async () => {
    const first = await startSync(ctx);
    expect(first.statusCode, first.body).toBe(201);
    const second = await startSync(ctx);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json<{ message: string }>().message).toBe('Пункты выдачи уже загружаются: дождитесь окончания');
    expect((await waitForSync(ctx)).id).toBe(first.json<PointsSync>().id);
  });

  it('a failing Boxberry: the run ends «failed» with its words, the points stay', async () => {
    const emulator = await ctx.app.areas.delivery.boxberry.emulator();
    emulator.failNext('ListCities', { kind: 'err', message: 'Сервис временно недоступен' });
    expect((await startSync(ctx)).statusCode).toBe(201);
    expect(await waitForSync(ctx)).toMatchObject({ status: 'failed', error: 'Boxberry ответил: Сервис временно недоступен' });
    expect((await countRows(ctx)).points).toBe(EXPECTED_POINTS);
  });
});

describe.runIf(isPostgresRun)('on PostgreSQL: two requests or two instances at once', () => {
  let a: DeliveryContext;
  let b: DeliveryContext;
  beforeAll(async () => {
    a = await createDeliveryApp();
    b = await createDeliveryApp({}, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('the nightly job on two instances at once: exactly one run', async () => {
    const nightly = async () =>
      Number((await a.database.db.select({ n: count() }).from(pointsSyncs).where(eq(pointsSyncs.trigger, 'nightly')))[0]!.n);
    expect(await nightly()).toBe(0);
    await a.app.jobs.makeDue('delivery.points-sync');
    const [ranA, ranB] = await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect([ranA, ranB].filter((ran) => ran.includes('delivery.points-sync'))).toHaveLength(1);
    expect(await nightly()).toBe(1);
    const [row] = await a.database.db.select().from(pointsSyncs).where(eq(pointsSyncs.trigger, 'nightly'));
    expect(row).toMatchObject({ status: 'succeeded', pointsCount: EXPECTED_POINTS });
  });

  it('one invoice paid from two requests at once: one 201, one 409', async () => {
    const { parcel } = await packedParcel(a);
    const invoice = await invoiceOk(a, parcel.id);
    const clientOnB = await signInAs(b.app, 'client');
    const answers = await Promise.all([
      payInvoices(a.app, a.client, [invoice.id], 'card'),
      payInvoices(b.app, clientOnB, [invoice.id], 'sbp'),
    ]);
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 1 });
  });

  it('one parcel invoiced from two requests at once: one invoice', async () => {
    const { parcel } = await packedParcel(a);
    const logisticianOnB = await signInAs(b.app, 'logistician');
    const answers = await Promise.all([
      createInvoices(a.app, a.logistician, [parcel.id]),
      createInvoices(b.app, logisticianOnB, [parcel.id]),
      createInvoices(a.app, a.logistician, [parcel.id]),
    ]);
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 2 });
    const rows = await a.database.db.select().from(deliveryInvoices).where(eq(deliveryInvoices.parcelId, parcel.id));
    expect(rows).toHaveLength(1);
    expect((await logisticsParcel(a, parcel.id)).status).toBe('invoiced');
  });
});
