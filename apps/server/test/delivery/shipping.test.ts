import { endpoints, type LogisticsParcel } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../src/areas/delivery/delivery.schema.js';
import type { BoxberryEmulator } from '../../src/integrations/boxberry/emulator/boxberry-emulator.js';
import { lastOutboxMessage } from '../fixtures/accounts-kit.js';
import { expectError } from '../fixtures/api-assertions.js';
import { orderNow } from '../fixtures/warehouse-kit.js';
import { createDeliveryApp, type DeliveryContext, logisticsParcel, MARIA, myParcel, paidParcel, ship } from './delivery-kit.js';
import { call } from '../fixtures/requests.js';

/**
 * Shipping a paid parcel through Boxberry (the built-in emulator): the track is stored and the parcel
 * and its orders move to «shipped»; a refusal or a timeout writes nothing and a retry is safe; the
 * statuses Boxberry reports, asked now or by the background job, bring the parcel to «delivered».
 */

let ctx: DeliveryContext;
let emulator: BoxberryEmulator;

beforeAll(async () => {
  ctx = await createDeliveryApp({ BOXBERRY_TIMEOUT_MS: '700' });
  emulator = await ctx.app.areas.delivery.boxberry.emulator();
});
afterAll(() => ctx.close());

async function shipOk(parcelId: string): Promise<LogisticsParcel> {
  const res = await ship(ctx.app, ctx.logistician, parcelId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LogisticsParcel>();
}

const shipmentRows = (parcelId: string) => ctx.database.db.select().from(shipments).where(eq(shipments.parcelId, parcelId));

const refresh = (parcelId: string) =>
  call(ctx.app, endpoints.delivery.refreshTracking, { params: { id: parcelId }, headers: ctx.logistician });

/** Moves the emulator's parcel on until Boxberry says it was handed out. */
function advanceToDelivered(track: string): string[] {
  const names: string[] = [];
  for (let i = 0; i < 20 && names.at(-1) !== 'Выдано'; i += 1) names.push(emulator.advance(track));
  expect(names.at(-1)).toBe('Выдано');
  return names;
}

describe('shipping', () => {
  it('a paid parcel: a BB track from Boxberry is stored, the parcel and its orders are «shipped», the client is texted', async () => {
    const { parcel, order } = await paidParcel(ctx);
    const shipped = await shipOk(parcel.id);
    expect(shipped.status).toBe('shipped');
    expect(shipped.shipment!.track).toMatch(/^BB\d{10}$/);
    expect(shipped.shipment!.trackingUrl).toContain(encodeURIComponent(shipped.shipment!.track));
    const atBoxberry = emulator.parcels.get(shipped.shipment!.track);
    expect(atBoxberry, 'the emulator has the parcel').toBeDefined();
    expect(await shipmentRows(parcel.id)).toHaveLength(1);
    expect((await orderNow(ctx.app, ctx.admin, order)).fulfilmentStatus).toBe('shipped');
    expect(await myParcel(ctx, parcel.id)).toMatchObject({ status: 'shipped', shipment: { track: shipped.shipment!.track } });
    expect(await lastOutboxMessage(ctx.app, MARIA, 'parcel_shipped')).toContain(shipped.shipment!.track);
  });

  it('shipping again creates no second shipment and changes nothing', async () => {
    const { parcel } = await paidParcel(ctx);
    const first = await shipOk(parcel.id);
    const creates = emulator.requests.filter((r) => r.method === 'ParselCreate').length;
    const again = await shipOk(parcel.id);
    expect(again.shipment).toEqual(first.shipment);
    expect(await shipmentRows(parcel.id)).toHaveLength(1);
    expect(emulator.requests.filter((r) => r.method === 'ParselCreate').length).toBe(creates);
  });

  it('Boxberry refuses: 502 with its words, nothing written (still «paid», no shipment)', async () => {
    const { parcel, order } = await paidParcel(ctx);
    emulator.failNext('ParselCreate', { kind: 'err', message: 'Неверный код пункта выдачи' });
    expectError(await ship(ctx.app, ctx.logistician, parcel.id), 502, { message: 'Boxberry ответил: Неверный код пункта выдачи' });
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('paid');
    expect(await shipmentRows(parcel.id)).toEqual([]);
    expect((await orderNow(ctx.app, ctx.admin, order)).fulfilmentStatus).toBe('packed');
    // Pressed again once Boxberry takes it: shipped.
    expect((await shipOk(parcel.id)).status).toBe('shipped');
  });

  it('Boxberry does not answer in time: 502 «не ответил», nothing written; the retry ships with the same track', async () => {
    const { parcel } = await paidParcel(ctx);
    const tracksBefore = new Set(emulator.parcels.keys());
    emulator.failNext('ParselCreate', { kind: 'timeout' });
    expectError(await ship(ctx.app, ctx.logistician, parcel.id), 502, { message: /^Boxberry не ответил за/ });
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('paid');
    expect(await shipmentRows(parcel.id)).toEqual([]);
    // Boxberry carried the request out all the same: it holds one new parcel for our order id.
    const held = [...emulator.parcels.keys()].filter((track) => !tracksBefore.has(track));
    expect(held).toHaveLength(1);

    const shipped = await shipOk(parcel.id);
    expect(shipped.status).toBe('shipped');
    expect(shipped.shipment!.track).toBe(held[0]);
    expect(emulator.parcels.size).toBe(tracksBefore.size + 1);
    expect(await shipmentRows(parcel.id)).toHaveLength(1);
  });

  it('a parcel that does not exist: 404', async () => {
    expectError(await ship(ctx.app, ctx.logistician, '00000000-0000-4000-8000-000000000000'), 404);
  });
});

describe('tracking', () => {
  it('asking now after Boxberry handed the parcel out: «delivered», orders delivered, the client texted', async () => {
    const { parcel, order } = await paidParcel(ctx);
    const { shipment } = await shipOk(parcel.id);
    const midway = emulator.advance(shipment!.track);
    let res = await refresh(parcel.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LogisticsParcel>()).toMatchObject({ status: 'shipped', shipment: { statusName: midway } });

    const names = advanceToDelivered(shipment!.track);
    res = await refresh(parcel.id);
    expect(res.statusCode, res.body).toBe(200);
    const delivered = res.json<LogisticsParcel>();
    expect(delivered.status).toBe('delivered');
    expect(delivered.shipment!.statusName).toBe('Выдано');
    expect(delivered.shipment!.history.map((h) => h.name)).toEqual(expect.arrayContaining([midway, ...names]));
    expect((await orderNow(ctx.app, ctx.admin, order)).fulfilmentStatus).toBe('delivered');
    expect(await lastOutboxMessage(ctx.app, MARIA, 'parcel_delivered')).toContain(`посылка №${parcel.number} получена`);
  });

  it('a parcel not shipped yet: 409', async () => {
    const { parcel } = await paidParcel(ctx);
    expectError(await refresh(parcel.id), 409, { message: `Посылка №${parcel.number} ещё не отправлена` });
  });

  it('Boxberry failing to answer the status: 502, the parcel stays shipped', async () => {
    const { parcel } = await paidParcel(ctx);
    await shipOk(parcel.id);
    emulator.failNext('ListStatuses', { kind: 'err', message: 'Сервис статусов недоступен' }, 1);
    expectError(await refresh(parcel.id), 502, { message: 'Boxberry ответил: Сервис статусов недоступен' });
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('shipped');
  });

  it('the background job reads the statuses: the delivered parcel moves on, the one still on its way stays', async () => {
    const a = await paidParcel(ctx);
    const b = await paidParcel(ctx);
    const trackA = (await shipOk(a.parcel.id)).shipment!.track;
    const trackB = (await shipOk(b.parcel.id)).shipment!.track;
    advanceToDelivered(trackA);
    const bStatus = emulator.advance(trackB);

    await ctx.app.jobs.makeDue('delivery.tracking');
    expect(await ctx.app.jobs.runDue()).toContain('delivery.tracking');

    const parcelA = await logisticsParcel(ctx, a.parcel.id);
    expect(parcelA).toMatchObject({ status: 'delivered', shipment: { statusName: 'Выдано' } });
    expect(parcelA.lastCheckedAt).not.toBeNull();
    expect((await orderNow(ctx.app, ctx.admin, a.order)).fulfilmentStatus).toBe('delivered');
    const parcelB = await logisticsParcel(ctx, b.parcel.id);
    expect(parcelB).toMatchObject({ status: 'shipped', shipment: { statusName: bStatus } });
    expect((await orderNow(ctx.app, ctx.admin, b.order)).fulfilmentStatus).toBe('shipped');
  });
});
