import { endpoints, type LogisticsParcel, type LogisticsSummary } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../fixtures/requests.js';
import {
  BOXBERRY_1001_3000,
  createDeliveryApp,
  type DeliveryContext,
  invoiceOk,
  MARIA,
  moscowDate,
  packedParcel,
  payInvoiceOnline,
} from './delivery-kit.js';

/**
 * The logistician's «Главная» counts and the lists of «Счета на оплату доставки» agree: a parcel is on
 * exactly one stage, found by phone or number; free self-pickup waits for the storekeeper, not for an
 * invoice, until the price list charges for it.
 */

let ctx: DeliveryContext;
/** A client with no account, so no methods: the parcel goes to self-pickup. */
const WALK_IN = '79031234599';

beforeAll(async () => {
  ctx = await createDeliveryApp();
});
afterAll(() => ctx.close());

async function summary(): Promise<LogisticsSummary> {
  const res = await call(ctx.app, endpoints.delivery.summary, { headers: ctx.logistician });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LogisticsSummary>();
}

async function stage(name: string, q = ''): Promise<{ items: LogisticsParcel[]; total: number }> {
  const res = await callUnchecked(ctx.app, endpoints.delivery.parcels, {
    query: { stage: name, pageSize: '100', q },
    headers: ctx.logistician,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (page: { items: LogisticsParcel[] }) => page.items.map((p) => p.id);

describe('logistics lists and counts', () => {
  it('a Boxberry parcel waits for its invoice with the price list quote; a free self-pickup one is neither listed nor counted', async () => {
    const before = await summary();
    const { parcel: boxberry } = await packedParcel(ctx, { weightGrams: 1500 });
    const { parcel: pickup } = await packedParcel(ctx, { phone: WALK_IN, clientName: 'Зайцев Пётр' });
    expect(pickup.deliveryKind).toBe('pickup');

    const awaiting = await stage('awaiting_invoice');
    const listed = awaiting.items.find((p) => p.id === boxberry.id);
    expect(listed).toMatchObject({ kind: 'boxberry', quotedPriceKopecks: BOXBERRY_1001_3000, needsInvoice: true, invoice: null });
    expect(ids(awaiting)).not.toContain(pickup.id);
    const after = await summary();
    expect(after.awaitingInvoice).toBe(before.awaitingInvoice + 1);
    expect(after.awaitingInvoice).toBe(awaiting.total);
  });

  it('invoiced, then paid: the parcel moves from list to list and the counts follow', async () => {
    const { parcel } = await packedParcel(ctx);
    const invoice = await invoiceOk(ctx, parcel.id);
    expect(ids(await stage('awaiting_invoice'))).not.toContain(parcel.id);
    const invoiced = await stage('invoiced');
    expect(invoiced.items.find((p) => p.id === parcel.id)?.invoice).toMatchObject({ id: invoice.id, status: 'unpaid' });
    expect((await summary()).invoiced).toBe(invoiced.total);

    await payInvoiceOnline(ctx, invoice.id);
    expect(ids(await stage('invoiced'))).not.toContain(parcel.id);
    const toShip = await stage('to_ship');
    expect(ids(toShip)).toContain(parcel.id);
    expect((await summary()).toShip).toBe(toShip.total);
  });

  it('search finds a parcel by its number and by the client’s phone in any common form', async () => {
    const { parcel } = await packedParcel(ctx, { weightGrams: 900 });
    expect(ids(await stage('awaiting_invoice', String(parcel.number)))).toContain(parcel.id);
    expect(ids(await stage('awaiting_invoice', '+7 (900) 000-00-04'))).toContain(parcel.id);
    expect(ids(await stage('awaiting_invoice', MARIA))).toContain(parcel.id);
    expect(ids(await stage('awaiting_invoice', '79990000000'))).toEqual([]);
    // Every phone starts with 7: a short number finds that parcel only, not every phone holding the digit.
    const bySeven = await stage('awaiting_invoice', '7');
    expect(bySeven.items.every((p) => p.number === 7)).toBe(true);
    // A part of the phone, its last four digits, still finds the client's parcels.
    expect(ids(await stage('awaiting_invoice', MARIA.slice(-4)))).toContain(parcel.id);
  });

  it('once the price list charges for self-pickup, such parcels wait for an invoice too', async () => {
    const { parcel: pickup } = await packedParcel(ctx, { phone: WALK_IN, clientName: 'Зайцев Пётр' });
    const res = await call(ctx.app, endpoints.delivery.savePriceList, {
      headers: ctx.logistician,
      body: {
        appliesFrom: moscowDate(0),
        tariffs: [
          { kind: 'boxberry', fromGrams: 0, toGrams: 31_000, priceKopecks: 35_000 },
          { kind: 'pickup', fromGrams: 0, toGrams: 31_000, priceKopecks: 10_000 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const awaiting = await stage('awaiting_invoice');
    // The recipient is the order's client, whose name the shop writes surname first.
    expect(awaiting.items.find((p) => p.id === pickup.id)).toMatchObject({
      kind: 'pickup',
      quotedPriceKopecks: 10_000,
      needsInvoice: true,
      recipient: { phone: WALK_IN, name: 'Пётр', surname: 'Зайцев' },
    });
    expect((await summary()).awaitingInvoice).toBe(awaiting.total);
  });
});
