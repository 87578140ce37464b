import {
  type ClientParcel,
  type CreatePaymentResult,
  type DeliveryInvoice,
  type DeliveryMethodBody,
  type DeliveryMethodView,
  endpoints,
  type LogisticsParcel,
  type Order,
  type Parcel,
  type PickupPoint,
} from '@vmeste/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { getPayment, sandboxDecide, sandboxIdOf } from '../fixtures/payments-kit.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';
import { arrivedPaidOrder, packOk } from '../fixtures/warehouse-kit.js';
import { demoDeliveryMethods } from '../../src/seed/demo-delivery.js';

/**
 * Short calls of the delivery tests: an app with the demo delivery data (points from the Boxberry
 * emulator, a price list in force today, Мария's two methods), parcels packed for a client, invoiced,
 * paid online through the sandbox, and the logistician's and the client's views of them.
 */

export type DeliveryContext = TestContext & {
  admin: Headers;
  storekeeper: Headers;
  logistician: Headers;
  /** Мария, 79000000004: her default method is a Moscow Boxberry point (made so if the seed did not). */
  client: Headers;
};

export const MARIA = demoPhones.client;
/** The demo price list's Boxberry bands (kopecks). */
export const BOXBERRY_0_1000 = 29_000;
export const BOXBERRY_1001_3000 = 35_000;

export async function createDeliveryApp(env: Record<string, string> = {}, options: { sameDatabaseAs?: TestContext } = {}) {
  const ctx = await createTestApp(env, options);
  await ctx.app.areas.delivery.demo.seed(demoDeliveryMethods.filter((c) => c.phone === MARIA));
  const delivery = Object.assign(ctx, {
    admin: await signInAs(ctx.app, 'admin'),
    storekeeper: await signInAs(ctx.app, 'storekeeper'),
    logistician: await signInAs(ctx.app, 'logistician'),
    client: await signInAs(ctx.app, 'client'),
  }) as DeliveryContext;
  // Whatever the demo seed makes default, these tests pack Мария's parcels for her Boxberry point.
  const point = (await listMethods(ctx.app, delivery.client)).find((m) => m.kind === 'boxberry');
  expect(point, 'the demo seed gives Мария a Boxberry method').toBeDefined();
  if (!point!.isDefault) {
    const res = await call(ctx.app, endpoints.delivery.makeDefault, { params: { id: point!.id }, headers: delivery.client });
    expect(res.statusCode, res.body).toBe(200);
  }
  return delivery;
}

export const recipient = (overrides: Record<string, unknown> = {}) => ({
  phone: '79161234567',
  name: 'Мария',
  surname: 'Иванова',
  ...overrides,
});

export function createMethod(app: FastifyInstance, who: Headers, body: DeliveryMethodBody | Record<string, unknown>) {
  return callUnchecked(app, endpoints.delivery.createMethod, { headers: who, body: body as Record<string, unknown> });
}

export async function createMethodOk(app: FastifyInstance, who: Headers, body: DeliveryMethodBody): Promise<DeliveryMethodView> {
  const res = await createMethod(app, who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DeliveryMethodView>();
}

export async function listMethods(app: FastifyInstance, who: Headers): Promise<DeliveryMethodView[]> {
  const res = await call(app, endpoints.delivery.listMethods, { headers: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeliveryMethodView[]>();
}

export async function offeredPoints(app: FastifyInstance, who: Headers, cityCode: string): Promise<PickupPoint[]> {
  const res = await call(app, endpoints.delivery.points, { query: { cityCode }, headers: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PickupPoint[]>();
}

export function setPointEnabled(app: FastifyInstance, who: Headers, code: string, isEnabled: boolean) {
  return call(app, endpoints.delivery.setPointEnabled, { params: { code }, headers: who, body: { isEnabled } });
}

/** An order of `phone` arrived and paid, packed by the storekeeper at `weightGrams`. */
export async function packedParcel(
  ctx: DeliveryContext,
  options: { phone?: string; weightGrams?: number; clientName?: string } = {},
): Promise<{ parcel: Parcel; order: Order }> {
  const order = await arrivedPaidOrder(ctx.app, ctx.admin, {
    phone: options.phone ?? MARIA,
    clientName: options.clientName ?? 'Иванова Мария',
    lines: [{ product: 'Платье', quantity: 1, unitPriceKopecks: 250_000 }],
  });
  const parcel = await packOk(ctx.app, ctx.storekeeper, [order.id], { weightGrams: options.weightGrams ?? 1250 });
  return { parcel, order };
}

export function createInvoices(app: FastifyInstance, who: Headers, parcelIds: string[], extra: Record<string, unknown> = {}) {
  return call(app, endpoints.delivery.createInvoices, { headers: who, body: { parcelIds, ...extra } });
}

export async function invoiceOk(ctx: DeliveryContext, parcelId: string, extra: Record<string, unknown> = {}): Promise<DeliveryInvoice> {
  const res = await createInvoices(ctx.app, ctx.logistician, [parcelId], extra);
  expect(res.statusCode, res.body).toBe(201);
  const { invoices } = res.json<{ invoices: DeliveryInvoice[] }>();
  expect(invoices).toHaveLength(1);
  return invoices[0]!;
}

export function payInvoices(app: FastifyInstance, who: Headers, invoiceIds: string[], method: 'card' | 'sbp' | 'transfer' = 'card') {
  return call(app, endpoints.payments.create, { headers: who, body: { invoiceIds, method } });
}

/** Pays an invoice online: the client starts the payment and presses «Оплатить» on the sandbox's page. */
export async function payInvoiceOnline(ctx: DeliveryContext, invoiceId: string, who: Headers = ctx.client) {
  const res = await payInvoices(ctx.app, who, [invoiceId], 'card');
  expect(res.statusCode, res.body).toBe(201);
  const result = res.json<CreatePaymentResult>();
  const decided = await sandboxDecide(ctx.app, sandboxIdOf(result), 'pay');
  expect(decided.statusCode, decided.body).toBe(200);
  return getPayment(ctx.app, result.payments[0]!.id);
}

/** A parcel packed, invoiced by the price list and paid: ready to ship. */
export async function paidParcel(ctx: DeliveryContext, options: { weightGrams?: number } = {}) {
  const { parcel, order } = await packedParcel(ctx, options);
  const invoice = await invoiceOk(ctx, parcel.id);
  await payInvoiceOnline(ctx, invoice.id);
  return { parcel, order, invoice };
}

export async function logisticsParcel(ctx: DeliveryContext, parcelId: string): Promise<LogisticsParcel> {
  for (const stage of ['awaiting_invoice', 'invoiced', 'to_ship', 'shipped', 'ready_for_pickup', 'delivered']) {
    const res = await callUnchecked(ctx.app, endpoints.delivery.parcels, { query: { stage, pageSize: '100' }, headers: ctx.logistician });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<{ items: LogisticsParcel[] }>().items.find((p) => p.id === parcelId);
    if (found) return found;
  }
  throw new Error(`parcel ${parcelId} is on no logistics stage`);
}

export async function myParcel(ctx: DeliveryContext, parcelId: string, who: Headers = ctx.client): Promise<ClientParcel | undefined> {
  const res = await call(ctx.app, endpoints.delivery.myParcels, { headers: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClientParcel[]>().find((p) => p.id === parcelId);
}

export async function myInvoices(ctx: DeliveryContext, who: Headers = ctx.client): Promise<DeliveryInvoice[]> {
  const res = await call(ctx.app, endpoints.delivery.myInvoices, { headers: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeliveryInvoice[]>();
}

export function ship(app: FastifyInstance, who: Headers, parcelId: string) {
  return call(app, endpoints.delivery.ship, { params: { id: parcelId }, headers: who });
}

/** Tomorrow in Moscow as YYYY-MM-DD, and a day long past. */
export function moscowDate(offsetDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date(Date.now() + offsetDays * 86_400_000));
}
