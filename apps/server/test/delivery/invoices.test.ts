import { type ClientParcel, type DeliveryInvoice, formatMoney, pointAddressOf, endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryInvoices } from '../../src/areas/delivery/delivery.schema.js';
import { lastOutboxMessage, signUpClient } from '../fixtures/accounts-kit.js';
import { expectError } from '../fixtures/api-assertions.js';
import { NIL_UUID, call } from '../fixtures/requests.js';
import {
  BOXBERRY_1001_3000,
  createDeliveryApp,
  createInvoices,
  type DeliveryContext,
  invoiceOk,
  listMethods,
  logisticsParcel,
  MARIA,
  myInvoices,
  myParcel,
  packedParcel,
  paidParcel,
  payInvoiceOnline,
  payInvoices,
  ship,
} from './delivery-kit.js';

/**
 * Delivery invoices: a packed parcel goes the client's default way; the logistician invoices it by
 * the price list (or by hand, with a reason); the client pays online only, once; the parcel follows
 * packed → invoiced → paid, and back to packed when an unpaid invoice is canceled.
 */

let ctx: DeliveryContext;

beforeAll(async () => {
  ctx = await createDeliveryApp();
});
afterAll(() => ctx.close());

const cancel = (id: string) => call(ctx.app, endpoints.delivery.cancelInvoice, { params: { id }, headers: ctx.logistician });
const changeMethod = (parcelId: string, methodId: string, who = ctx.client) =>
  call(ctx.app, endpoints.delivery.changeParcelMethod, { params: { id: parcelId }, headers: who, body: { methodId } });

async function invoiceRow(id: string) {
  const [row] = await ctx.database.db.select().from(deliveryInvoices).where(eq(deliveryInvoices.id, id));
  return row!;
}

describe('packing and invoicing', () => {
  it('packing takes the client’s default method: a Moscow Boxberry point for Мария', async () => {
    const [byDefault] = (await listMethods(ctx.app, ctx.client)).filter((m) => m.isDefault);
    expect(byDefault).toMatchObject({ kind: 'boxberry', point: { cityCode: '68' } });
    const { parcel } = await packedParcel(ctx);
    expect(parcel).toMatchObject({ status: 'packed', deliveryKind: 'boxberry' });
    const mine = await myParcel(ctx, parcel.id);
    expect(mine).toMatchObject({ status: 'packed', kind: 'boxberry', invoice: null, shipment: null, canChangeMethod: true });
    expect(mine!.destination).toBe(pointAddressOf(byDefault!.point!));
    expect(mine!.recipient).toEqual(byDefault!.recipient);
  });

  it('the logistician invoices a packed parcel by the price list; the client sees it and is texted', async () => {
    const { parcel, order } = await packedParcel(ctx, { weightGrams: 1250 });
    const invoice = await invoiceOk(ctx, parcel.id);
    expect(invoice).toMatchObject({
      parcelId: parcel.id,
      parcelNumber: parcel.number,
      kind: 'boxberry',
      weightGrams: 1250,
      priceKopecks: BOXBERRY_1001_3000,
      listPriceKopecks: BOXBERRY_1001_3000,
      status: 'unpaid',
      paidKopecks: 0,
      dueKopecks: BOXBERRY_1001_3000,
      isInPayment: false,
      orderNumbers: [order.number],
      paidAt: null,
    });
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('invoiced');
    expect((await myInvoices(ctx)).find((i) => i.id === invoice.id)).toEqual(invoice);
    const text = await lastOutboxMessage(ctx.app, MARIA, 'invoice_issued');
    expect(text).toContain(`счёт №${invoice.number} за доставку посылки №${parcel.number}`);
    expect(text).toContain(formatMoney(BOXBERRY_1001_3000));
  });

  it('another client does not see the invoice', async () => {
    const { parcel } = await packedParcel(ctx);
    const invoice = await invoiceOk(ctx, parcel.id);
    const other = await signUpClient(ctx.app);
    const res = await call(ctx.app, endpoints.delivery.myInvoices, { headers: { authorization: other.authorization } });
    expect(res.json<DeliveryInvoice[]>().map((i) => i.id)).not.toContain(invoice.id);
    // …nor can pay it.
    expectError(await payInvoices(ctx.app, { authorization: other.authorization }, [invoice.id]), 404, { field: 'invoiceIds' });
  });

  it('invoicing a parcel twice: 409, one invoice', async () => {
    const { parcel } = await packedParcel(ctx);
    await invoiceOk(ctx, parcel.id);
    expectError(await createInvoices(ctx.app, ctx.logistician, [parcel.id]), 409, { message: /счёт выставляют упакованной посылке/ });
    const rows = await ctx.database.db.select().from(deliveryInvoices).where(eq(deliveryInvoices.parcelId, parcel.id));
    expect(rows).toHaveLength(1);
  });

  it('an unknown parcel: 404, and the others in the batch are not invoiced', async () => {
    const { parcel } = await packedParcel(ctx);
    expectError(await createInvoices(ctx.app, ctx.logistician, [parcel.id, NIL_UUID]), 404);
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('packed');
  });

  it('an own price needs a comment (400); with one, the invoice keeps both prices', async () => {
    const { parcel } = await packedParcel(ctx, { weightGrams: 1250 });
    expectError(await createInvoices(ctx.app, ctx.logistician, [parcel.id], { priceKopecks: 20_000 }), 400, {
      field: 'comment',
      message: 'Напишите, почему цена отличается от прайс-листа',
    });
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('packed');
    const invoice = await invoiceOk(ctx, parcel.id, { priceKopecks: 20_000, comment: 'Скидка постоянной клиентке' });
    expect(invoice).toMatchObject({ priceKopecks: 20_000, listPriceKopecks: BOXBERRY_1001_3000, comment: 'Скидка постоянной клиентке' });
  });

  it('no tariff for the weight: 409 saying so; an own price works', async () => {
    const { parcel } = await packedParcel(ctx, { weightGrams: 45_000 });
    expect((await logisticsParcel(ctx, parcel.id)).quotedPriceKopecks).toBeNull();
    expectError(await createInvoices(ctx.app, ctx.logistician, [parcel.id]), 409, {
      message: `Нет тарифа для посылки №${parcel.number} («Пункт выдачи Boxberry», 45000 г): укажите цену вручную или дополните прайс-лист`,
    });
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('packed');
    expect(await invoiceOk(ctx, parcel.id, { priceKopecks: 150_000, comment: 'Тяжёлая' })).toMatchObject({
      priceKopecks: 150_000,
      listPriceKopecks: null,
    });
  });
});

describe('paying an invoice', () => {
  it('online through the sandbox: the invoice is paid, the parcel «paid», nothing left to pay', async () => {
    const { parcel } = await packedParcel(ctx);
    const invoice = await invoiceOk(ctx, parcel.id);
    const payment = await payInvoiceOnline(ctx, invoice.id);
    expect(payment.status).toBe('succeeded');
    expect(payment.amountKopecks).toBe(invoice.priceKopecks);
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ status: 'paid', paidKopecks: invoice.priceKopecks });
    expect(row.paidAt).not.toBeNull();
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('paid');
    expect((await myInvoices(ctx)).map((i) => i.id)).not.toContain(invoice.id);
    expect(await myParcel(ctx, parcel.id)).toMatchObject({ status: 'paid', canChangeMethod: false, invoice: { status: 'paid' } });
  });

  it('by transfer: 409, no payment', async () => {
    const { parcel } = await packedParcel(ctx);
    const invoice = await invoiceOk(ctx, parcel.id);
    expectError(await payInvoices(ctx.app, ctx.client, [invoice.id], 'transfer'), 409, {
      field: 'method',
      message: 'Счёт за доставку оплачивается картой онлайн или через СБП',
    });
    expect((await myInvoices(ctx)).find((i) => i.id === invoice.id)).toMatchObject({ isInPayment: false, status: 'unpaid' });
  });

  it('twice: 409 «уже оплачен»; while a payment is open: 409 «уже в оплате»', async () => {
    const { parcel } = await packedParcel(ctx);
    const invoice = await invoiceOk(ctx, parcel.id);
    const open = await payInvoices(ctx.app, ctx.client, [invoice.id], 'card');
    expect(open.statusCode, open.body).toBe(201);
    expectError(await payInvoices(ctx.app, ctx.client, [invoice.id], 'sbp'), 409, { message: /уже в оплате/ });
    expect((await myInvoices(ctx)).find((i) => i.id === invoice.id)).toMatchObject({ isInPayment: true });
    // An invoice in payment cannot be canceled either.
    expectError(await cancel(invoice.id), 409, { message: /сейчас оплачивается/ });
  });

  it('a paid invoice again: 409', async () => {
    const { invoice } = await paidParcel(ctx);
    expectError(await payInvoices(ctx.app, ctx.client, [invoice.id], 'card'), 409, { message: `Счёт №${invoice.number}: уже оплачен` });
  });
});

describe('canceling and shipping rules', () => {
  it('canceling an unpaid invoice puts the parcel back to «packed»; it can be invoiced again', async () => {
    const { parcel } = await packedParcel(ctx);
    const invoice = await invoiceOk(ctx, parcel.id);
    const res = await cancel(invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeliveryInvoice>()).toMatchObject({ id: invoice.id, status: 'canceled', dueKopecks: 0 });
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('packed');
    expect((await myInvoices(ctx)).map((i) => i.id)).not.toContain(invoice.id);
    expectError(await payInvoices(ctx.app, ctx.client, [invoice.id], 'card'), 409, { message: `Счёт №${invoice.number}: счёт отменён` });
    const again = await invoiceOk(ctx, parcel.id);
    expect(again.number).toBeGreaterThan(invoice.number);
  });

  it('a paid invoice cannot be canceled: 409, the parcel stays paid', async () => {
    const { parcel, invoice } = await paidParcel(ctx);
    expectError(await cancel(invoice.id), 409, { message: /оплачен: отменить его нельзя/ });
    expect((await invoiceRow(invoice.id)).status).toBe('paid');
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('paid');
  });

  it('an unknown invoice: 404', async () => {
    expectError(await cancel(NIL_UUID), 404, { message: 'Счёт не найден' });
  });

  it('an unpaid parcel is not shipped: 409, packed or invoiced', async () => {
    const { parcel } = await packedParcel(ctx);
    expectError(await ship(ctx.app, ctx.logistician, parcel.id), 409, { message: /отправить можно только после оплаты доставки/ });
    await invoiceOk(ctx, parcel.id);
    expectError(await ship(ctx.app, ctx.logistician, parcel.id), 409, { message: /«.*»: отправить можно только после оплаты/ });
    expect((await logisticsParcel(ctx, parcel.id)).status).toBe('invoiced');
    expect((await logisticsParcel(ctx, parcel.id)).shipment).toBeNull();
  });
});

describe('the client changes a parcel’s method', () => {
  it('while invoiced: the invoice is canceled, the parcel goes the new way and waits for a new invoice', async () => {
    const pickup = (await listMethods(ctx.app, ctx.client)).find((m) => m.kind === 'pickup')!;
    const { parcel } = await packedParcel(ctx);
    const invoice = await invoiceOk(ctx, parcel.id);
    const res = await changeMethod(parcel.id, pickup.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ClientParcel>()).toMatchObject({ id: parcel.id, status: 'packed', kind: 'pickup', invoice: null });
    expect((await invoiceRow(invoice.id)).status).toBe('canceled');
    expect((await myInvoices(ctx)).map((i) => i.id)).not.toContain(invoice.id);
    // Self-pickup is free by the demo price list: nothing to invoice.
    expectError(await createInvoices(ctx.app, ctx.logistician, [parcel.id]), 409, { message: /самовывоз, бесплатный по прайс-листу/ });
  });

  it('after payment: 409, the parcel keeps its way', async () => {
    const pickup = (await listMethods(ctx.app, ctx.client)).find((m) => m.kind === 'pickup')!;
    const { parcel } = await paidParcel(ctx);
    expectError(await changeMethod(parcel.id, pickup.id), 409, { message: /уже оплачена: способ доставки не меняется/ });
    expect(await myParcel(ctx, parcel.id)).toMatchObject({ kind: 'boxberry', status: 'paid' });
  });

  it('someone else’s parcel or method: 404', async () => {
    const { parcel } = await packedParcel(ctx);
    const other = await signUpClient(ctx.app);
    const headers = { authorization: other.authorization };
    const pickup = (await listMethods(ctx.app, ctx.client)).find((m) => m.kind === 'pickup')!;
    expectError(await changeMethod(parcel.id, pickup.id, headers), 404, { message: 'Посылка не найдена' });
    expectError(await changeMethod(parcel.id, NIL_UUID), 404, { field: 'methodId' });
    expect(await myParcel(ctx, parcel.id)).toMatchObject({ kind: 'boxberry' });
  });
});
