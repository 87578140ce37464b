import { formatMoney, type Order, type Parcel, type WarehouseClient, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { handOver, lineOf, packOk, purchaseOnTheWay, receiveOk, search } from '../fixtures/warehouse-kit.js';

/**
 * The storekeeper's one search field: an order number (typed bare or as «№ 123»), a phone in any
 * form people write it, or a scanned parcel barcode leads to the client with their orders at the
 * warehouse, what can be packed, and their parcels.
 */

let ctx: TestContext;
let admin: Headers;
let storekeeper: Headers;
const PHONE = demoPhones.unconfirmedClient; // 79000000005
let paidArrived: Order;
let unpaidArrived: Order;
let waiting: Order;
let packed: Order;
let delivered: Order;
let parcel: Parcel;
let handedOver: Parcel;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  storekeeper = await signInAs(ctx.app, 'storekeeper');
  expect(PHONE).toBe('79000000005');

  // One purchase received: four orders of the client's in it would clash (one order per client and
  // purchase), so each order has its own purchase.
  const received = async (title: string, options: { paid: boolean; product: string; kopecks: number }) => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      title,
      orders: [
        {
          phone: PHONE,
          clientName: 'Соколов Павел',
          paid: options.paid,
          lines: [{ product: options.product, quantity: 1, unitPriceKopecks: options.kopecks }],
        },
      ],
    });
    await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(orders[0]!, options.product)], arrivedQuantity: 1 }]);
    return orders[0]!;
  };
  paidArrived = await received('Оплаченная', { paid: true, product: 'Платье', kopecks: 300_000 });
  unpaidArrived = await received('Неоплаченная', { paid: false, product: 'Юбка', kopecks: 123_456 });
  packed = await received('Упакованная', { paid: true, product: 'Блузка', kopecks: 150_000 });
  parcel = await packOk(ctx.app, storekeeper, [packed.id]);
  delivered = await received('Выданная', { paid: true, product: 'Шарф', kopecks: 20_000 });
  handedOver = await packOk(ctx.app, storekeeper, [delivered.id]);
  expect((await handOver(ctx.app, storekeeper, handedOver.id, '0005')).statusCode).toBe(200);
  waiting = (
    await purchaseOnTheWay(ctx.app, admin, {
      title: 'В пути',
      orders: [
        { phone: PHONE, clientName: 'Соколов Павел', paid: true, lines: [{ product: 'Пальто', quantity: 1, unitPriceKopecks: 900_000 }] },
      ],
    })
  ).orders[0]!;
});
afterAll(() => ctx.close());

const orderIn = (client: WarehouseClient | undefined, id: string) => client?.orders.find((o) => o.id === id);

describe('search finds the client', () => {
  it.each([
    ['the bare order number', () => String(paidArrived.number)],
    ['«№ 123»', () => `№ ${paidArrived.number}`],
    ['«№123» with spaces around', () => `  №${paidArrived.number} `],
  ])('by %s', async (_title, text) => {
    const result = await search(ctx.app, storekeeper, text());
    expect(result.matchedBy).toBe('order');
    expect(result.clients).toHaveLength(1);
    expect(result.clients[0]).toMatchObject({ clientName: 'Соколов Павел', maskedPhone: '+7 (900) 000-**-**', deliveryKind: 'pickup' });
    expect(orderIn(result.clients[0], paidArrived.id)).toBeDefined();
  });

  it.each(['+7 (900) 000-00-05', '89000000005', '9000000005', '79000000005', '8 900 000 00 05'])(
    'by the phone written as %s',
    async (text) => {
      const result = await search(ctx.app, storekeeper, text);
      expect(result.matchedBy).toBe('phone');
      expect(result.clients).toHaveLength(1);
      const ids = result.clients[0]!.orders.map((o) => o.id);
      // Every order not yet handed out, newest first; the handed-out one is history.
      expect(ids).toEqual([waiting, packed, unpaidArrived, paidArrived].map((o) => o.id).sort((a, b) => numberOf(b) - numberOf(a)));
      expect(result.clients[0]!.parcels.map((p) => p.id)).toEqual([parcel.id]);
    },
  );

  it('by the scanned parcel barcode, even of a parcel already handed over', async () => {
    const byBarcode = await search(ctx.app, storekeeper, parcel.barcode);
    expect(byBarcode.matchedBy).toBe('parcel');
    expect(byBarcode.clients).toHaveLength(1);
    expect(byBarcode.clients[0]!.parcels.find((p) => p.id === parcel.id)).toMatchObject({
      number: parcel.number,
      barcode: parcel.barcode,
      status: 'packed',
      orders: [{ id: packed.id, number: packed.number }],
    });

    const old = await search(ctx.app, storekeeper, handedOver.barcode);
    expect(old.matchedBy).toBe('parcel');
    expect(old.clients[0]!.parcels.find((p) => p.id === handedOver.id)).toMatchObject({ status: 'delivered' });
  });

  it('by the number of an order already handed out: that order and its parcel are listed too', async () => {
    const result = await search(ctx.app, storekeeper, `№ ${delivered.number}`);
    expect(result.matchedBy).toBe('order');
    expect(orderIn(result.clients[0], delivered.id)).toMatchObject({ fulfilmentStatus: 'delivered', parcelNumber: handedOver.number });
    expect(result.clients[0]!.parcels.find((p) => p.id === handedOver.id)).toMatchObject({ status: 'delivered' });
    // Other handed-over parcels stay out: a phone search lists only what is still at the warehouse.
    const byPhone = await search(ctx.app, storekeeper, PHONE);
    expect(byPhone.clients[0]!.parcels.map((p) => p.id)).not.toContain(handedOver.id);
  });

  it('the admin searches too', async () => {
    expect((await search(ctx.app, admin, '9000000005')).clients).toHaveLength(1);
  });
});

describe('search finds nothing', () => {
  it.each(['привет', 'ABC-12', '12-34', '№'])('text that is no number, phone or barcode (%s): matchedBy nothing', async (text) => {
    expect(await search(ctx.app, storekeeper, text)).toEqual({ matchedBy: 'nothing', clients: [] });
  });

  it('a number no order has, a phone nobody has, a barcode of no parcel: the kind is known, the list is empty', async () => {
    expect(await search(ctx.app, storekeeper, '987654')).toEqual({ matchedBy: 'order', clients: [] });
    expect(await search(ctx.app, storekeeper, '+7 (999) 111-22-33')).toEqual({ matchedBy: 'phone', clients: [] });
    expect(await search(ctx.app, storekeeper, '290009999999')).toEqual({ matchedBy: 'parcel', clients: [] });
  });

  it('an empty text: 400 with a Russian hint', async () => {
    const res = await call(ctx.app, endpoints.warehouse.search, { query: { q: '  ' }, headers: storekeeper });
    expectError(res, 400, { message: 'Введите номер заказа, телефон или отсканируйте штрихкод' });
  });
});

describe('the client’s orders say what can be packed', () => {
  it('an arrived paid order is packable; an arrived unpaid one is not, naming what is due; the others show their status', async () => {
    const client = (await search(ctx.app, storekeeper, '89000000005')).clients[0];

    expect(orderIn(client, paidArrived.id)).toMatchObject({
      number: paidArrived.number,
      purchaseTitle: 'Оплаченная',
      fulfilmentStatus: 'arrived',
      totalKopecks: 300_000,
      dueKopecks: 0,
      unitsCount: 1,
      arrivedUnitsCount: 1,
      missingUnitsCount: 0,
      parcelId: null,
      isPackable: true,
      notPackableReason: null,
    });
    expect(orderIn(client, unpaidArrived.id)).toMatchObject({
      fulfilmentStatus: 'arrived',
      dueKopecks: 123_456,
      isPackable: false,
      notPackableReason: `Не оплачен: к оплате ${formatMoney(123_456)}`,
    });
    expect(orderIn(client, waiting.id)).toMatchObject({
      fulfilmentStatus: 'awaiting_goods',
      purchaseStatus: 'in_transit',
      isPackable: false,
      notPackableReason: null,
    });
    expect(orderIn(client, packed.id)).toMatchObject({
      fulfilmentStatus: 'packed',
      parcelId: parcel.id,
      parcelNumber: parcel.number,
      isPackable: false,
      notPackableReason: null,
    });
  });
});

const numberOf = (id: string) => [paidArrived, unpaidArrived, packed, delivered, waiting].find((o) => o.id === id)!.number;
