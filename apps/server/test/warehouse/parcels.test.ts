import { formatMoney, type Order, type Parcel, parcelBarcodeOf } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { NIL_UUID, type Headers } from '../fixtures/requests.js';
import {
  arrivedPaidOrder,
  clientPhone,
  fulfilmentHistoryOk,
  handOver,
  lineOf,
  markReady,
  messagesTo,
  orderNow,
  ordersOf,
  pack,
  packOk,
  parcelNow,
  purchaseOnTheWay,
  receive,
  receiveOk,
  receiveRestOk,
  receivingSheet,
  stepsOf,
  unpack,
} from '../fixtures/warehouse-kit.js';

/**
 * Parcels: a client's arrived, paid orders packed together, put on the pickup shelf (the client is
 * told once) and handed over to whoever names the last four digits of the phone; taken apart again
 * while they are still at the warehouse.
 */

let ctx: TestContext;
let admin: Headers;
let storekeeper: Headers;
const STOREKEEPER_NAME = 'Игорь Кузнецов';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  storekeeper = await signInAs(ctx.app, 'storekeeper');
});
afterAll(() => ctx.close());

/** One client's order, arrived and paid: what packing takes. */
const readyOrder = (phone = clientPhone(), product = 'Платье', title?: string) =>
  arrivedPaidOrder(
    ctx.app,
    admin,
    { phone, clientName: 'Иванова Мария', lines: [{ product, quantity: 1, unitPriceKopecks: 250_000 }] },
    { title },
  );

const last4 = (phone: string) => phone.slice(-4);

async function statusesOf(orders: Order[]) {
  return Promise.all(orders.map(async (o) => (await orderNow(ctx.app, admin, o)).fulfilmentStatus));
}

describe('packing refuses', () => {
  it('an unpaid order: 409 naming what is due, nothing is packed', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      fee: 10,
      orders: [{ phone: clientPhone(), lines: [{ product: 'Куртка', quantity: 1, unitPriceKopecks: 123_456 }] }],
    });
    await receiveRestOk(ctx.app, storekeeper, purchase.id);
    const order = orders[0]!;
    // 123 456 + 10 % (12 345.6 → 12 346) = 135 802.
    expectError(await pack(ctx.app, storekeeper, [order.id]), 409, {
      message: `Заказ №${order.number}: не оплачен: к оплате ${formatMoney(135_802)}`,
      field: 'orderIds',
    });
    expect((await orderNow(ctx.app, admin, order)).fulfilmentStatus).toBe('arrived');
  });

  it('orders of two different clients: 409', async () => {
    const a = await readyOrder();
    const b = await readyOrder();
    expectError(await pack(ctx.app, storekeeper, [a.id, b.id]), 409, {
      message: 'В одну посылку кладут заказы одного клиента',
      field: 'orderIds',
    });
    expect(await statusesOf([a, b])).toEqual(['arrived', 'arrived']);
  });

  it('an order whose goods have not arrived: 409, and its arrived sibling is not packed either', async () => {
    const phone = clientPhone();
    const arrived = await readyOrder(phone);
    const { orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [{ phone, paid: true, lines: [{ product: 'Сапоги', quantity: 1, unitPriceKopecks: 400_000 }] }],
    });
    const waiting = orders[0]!;
    expectError(await pack(ctx.app, storekeeper, [arrived.id, waiting.id]), 409, {
      message: `Заказ №${waiting.number}: товары ещё не поступили`,
    });
    expect(await statusesOf([arrived, waiting])).toEqual(['arrived', 'awaiting_goods']);
  });

  it('an order already in a parcel: 409 naming the parcel', async () => {
    const order = await readyOrder();
    const parcel = await packOk(ctx.app, storekeeper, [order.id]);
    expectError(await pack(ctx.app, storekeeper, [order.id]), 409, {
      message: `Заказ №${order.number}: уже в посылке №${parcel.number}`,
    });
  });

  it('an unknown order: 404', async () => {
    const order = await readyOrder();
    expectError(await pack(ctx.app, storekeeper, [order.id, NIL_UUID]), 404);
    expect((await orderNow(ctx.app, admin, order)).fulfilmentStatus).toBe('arrived');
  });

  it('a weight of zero: 400 from validation', async () => {
    const order = await readyOrder();
    expectError(await pack(ctx.app, storekeeper, [order.id], { weightGrams: 0 }), 400, { message: 'Вес — больше нуля' });
  });
});

describe('packing', () => {
  it('a paid arrived order becomes a parcel with a number, a «29» barcode, the weight and the packer; the order is «Упакован»', async () => {
    const phone = clientPhone();
    const order = await readyOrder(phone, 'Пальто', 'Зимние пальто');
    const parcel = await packOk(ctx.app, storekeeper, [order.id], { weightGrams: 1830, lengthCm: 40, widthCm: 30, heightCm: 10 });

    expect(parcel.number).toBeGreaterThan(0);
    expect(parcel.barcode).toMatch(/^29\d{10}$/);
    expect(parcel.barcode).toBe(parcelBarcodeOf(parcel.number));
    expect(Number(parcel.barcode.slice(2))).toBe(parcel.number);
    expect(parcel).toMatchObject({
      status: 'packed',
      deliveryKind: 'pickup',
      clientName: 'Иванова Мария',
      maskedPhone: `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-**-**`,
      orders: [{ id: order.id, number: order.number, purchaseTitle: 'Зимние пальто' }],
      weightGrams: 1830,
      lengthCm: 40,
      widthCm: 30,
      heightCm: 10,
      packedByName: STOREKEEPER_NAME,
      readyAt: null,
      handedOverAt: null,
      handedOverByName: null,
    });
    expect(parcel.maskedPhone).not.toContain(last4(phone));
    expect((await orderNow(ctx.app, admin, order)).fulfilmentStatus).toBe('packed');
    expect(await parcelNow(ctx.app, storekeeper, parcel.id)).toEqual(parcel);
  });

  it('one client’s orders of two purchases go into one parcel', async () => {
    const phone = clientPhone();
    const a = await readyOrder(phone, 'Платье', 'Платья');
    const b = await readyOrder(phone, 'Туфли', 'Обувь');
    const parcel = await packOk(ctx.app, storekeeper, [b.id, a.id]);
    expect(parcel.orders).toEqual(
      [
        { id: a.id, number: a.number, purchaseTitle: 'Платья' },
        { id: b.id, number: b.number, purchaseTitle: 'Обувь' },
      ].sort((x, y) => x.number - y.number),
    );
    expect(await statusesOf([a, b])).toEqual(['packed', 'packed']);
  });

  it('after packing, receiving that changes the order’s lines is refused (409); the same marks again are fine', async () => {
    const [first, second] = [clientPhone(), clientPhone()];
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [first, second].map((phone) => ({
        phone,
        paid: true,
        lines: [{ product: 'Шарф', quantity: 2, unitPriceKopecks: 30_000 }],
      })),
    });
    const [a, b] = orders as [Order, Order];
    const both = { lineIds: [lineOf(a, 'Шарф'), lineOf(b, 'Шарф')], arrivedQuantity: 4 };
    await receiveOk(ctx.app, storekeeper, purchase.id, [both]);
    await packOk(ctx.app, storekeeper, [a.id]);
    const sheetBefore = await receivingSheet(ctx.app, storekeeper, purchase.id);
    expect(sheetBefore.groups[0]!.lines.find((l) => l.orderId === a.id)).toMatchObject({ isLocked: true, fulfilmentStatus: 'packed' });

    const packedMessage = `Заказ №${a.number} уже упакован: его приёмку не изменить, сначала расформируйте посылку`;
    expectError(await receive(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(a, 'Шарф')], arrivedQuantity: 1 }]), 409, {
      message: packedMessage,
    });
    // Fewer units over both lines than the packed order already holds: they would have to come out of its parcel.
    expectError(await receive(ctx.app, storekeeper, purchase.id, [{ ...both, arrivedQuantity: 1 }]), 409, { message: packedMessage });
    expect(await receivingSheet(ctx.app, storekeeper, purchase.id)).toEqual(sheetBefore);
    expect((await orderNow(ctx.app, admin, a)).lines[0]).toMatchObject({ arrivedQuantity: 2 });

    // Repeating what was marked changes nothing and is no error.
    const again = await receiveOk(ctx.app, storekeeper, purchase.id, [both]);
    expect(again).toMatchObject({ arrivedOrdersCount: 0, shortOrdersCount: 0 });
    expect(again.sheet).toEqual(sheetBefore);
    expect(await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(a, 'Шарф')], arrivedQuantity: 2 }])).toMatchObject({
      arrivedOrdersCount: 0,
    });
    // The order not packed can still be corrected: the packed one keeps its two units.
    await receiveOk(ctx.app, storekeeper, purchase.id, [{ ...both, arrivedQuantity: 3 }]);
    const [aAfter, bAfter] = await ordersOf(ctx.app, admin, purchase.id, [a.id, b.id]);
    expect(aAfter!.lines[0]).toMatchObject({ arrivedQuantity: 2 });
    expect(bAfter!.lines[0]).toMatchObject({ arrivedQuantity: 1, missingQuantity: 1 });
  });
});

describe('the shelf and hand-over', () => {
  async function packedParcel(phone = clientPhone()) {
    const order = await readyOrder(phone);
    return { order, phone, parcel: await packOk(ctx.app, storekeeper, [order.id]) };
  }

  it('«on the shelf» makes the orders ready for pickup and tells the client once, however often it is pressed', async () => {
    const phone = clientPhone();
    const a = await readyOrder(phone, 'Платье');
    const b = await readyOrder(phone, 'Жакет');
    const parcel = await packOk(ctx.app, storekeeper, [a.id, b.id]);

    const first = await markReady(ctx.app, storekeeper, parcel.id);
    expect(first.statusCode, first.body).toBe(200);
    const ready = first.json<Parcel>();
    expect(ready.status).toBe('ready_for_pickup');
    expect(ready.readyAt).not.toBeNull();
    expect(await statusesOf([a, b])).toEqual(['ready_for_pickup', 'ready_for_pickup']);

    const second = await markReady(ctx.app, storekeeper, parcel.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<Parcel>()).toEqual(ready);

    const texts = await messagesTo(ctx, phone, 'parcel_ready');
    expect(texts).toHaveLength(1);
    const numbers = [a.number, b.number].sort((x, y) => x - y);
    expect(texts[0]).toBe(
      `Вместе: посылка №${parcel.number} (заказы №${numbers[0]}, №${numbers[1]}) готова к выдаче в пункте самовывоза. При получении назовите последние 4 цифры телефона.`,
    );
    expect(stepsOf(await fulfilmentHistoryOk(ctx.app, storekeeper, a.id))).toEqual([
      'awaiting_goods→arrived',
      'arrived→packed',
      'packed→ready_for_pickup',
    ]);
  });

  it('wrong last four digits: 400 on phoneLast4, and nothing changes', async () => {
    const { order, phone, parcel } = await packedParcel();
    await markReady(ctx.app, storekeeper, parcel.id);
    const before = await parcelNow(ctx.app, storekeeper, parcel.id);
    const wrong = last4(phone) === '0000' ? '1111' : '0000';
    expectError(await handOver(ctx.app, storekeeper, parcel.id, wrong), 400, {
      message: 'Последние 4 цифры телефона не совпадают: проверьте, тот ли это клиент',
      field: 'phoneLast4',
    });
    expectError(await handOver(ctx.app, storekeeper, parcel.id, '12a4'), 400, { field: 'phoneLast4' });
    expect(await parcelNow(ctx.app, storekeeper, parcel.id)).toEqual(before);
    expect((await orderNow(ctx.app, admin, order)).fulfilmentStatus).toBe('ready_for_pickup');
  });

  it('the right digits hand the parcel over: orders «Получен», the parcel records who and when; a second hand-over is 409', async () => {
    const { order, phone, parcel } = await packedParcel();
    await markReady(ctx.app, storekeeper, parcel.id);
    const startedAt = Date.now();
    const res = await handOver(ctx.app, storekeeper, parcel.id, last4(phone));
    expect(res.statusCode, res.body).toBe(200);
    const handed = res.json<Parcel>();
    expect(handed).toMatchObject({ status: 'delivered', handedOverByName: STOREKEEPER_NAME });
    expect(Date.parse(handed.handedOverAt!)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(handed.handedOverAt!)).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await orderNow(ctx.app, admin, order)).fulfilmentStatus).toBe('delivered');

    expectError(await handOver(ctx.app, storekeeper, parcel.id, last4(phone)), 409, {
      message: new RegExp(`^Посылка №${parcel.number} уже выдана`),
    });
    expectError(await markReady(ctx.app, storekeeper, parcel.id), 409);
    expect(await parcelNow(ctx.app, storekeeper, parcel.id)).toEqual(handed);
  });

  it('handing over straight from «Упакована» records both steps: on the shelf, then handed over', async () => {
    const { order, phone, parcel } = await packedParcel();
    const res = await handOver(ctx.app, admin, parcel.id, last4(phone));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Parcel>()).toMatchObject({ status: 'delivered', handedOverByName: 'Анна Смирнова' });
    expect(res.json<Parcel>().readyAt).not.toBeNull();
    expect(stepsOf(await fulfilmentHistoryOk(ctx.app, admin, order.id))).toEqual([
      'awaiting_goods→arrived',
      'arrived→packed',
      'packed→ready_for_pickup',
      'ready_for_pickup→delivered',
    ]);
    // Handed over in person: no «ready for pickup» message.
    expect(await messagesTo(ctx, phone, 'parcel_ready')).toEqual([]);
  });

  it('unpacking a parcel not handed over returns its orders to «На складе», and they can be packed again', async () => {
    const { order, parcel } = await packedParcel();
    const res = await unpack(ctx.app, storekeeper, parcel.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await orderNow(ctx.app, admin, order)).fulfilmentStatus).toBe('arrived');
    expect(await parcelNow(ctx.app, storekeeper, parcel.id)).toBeUndefined();
    expectError(await markReady(ctx.app, storekeeper, parcel.id), 404, { message: 'Посылка не найдена' });

    // From the shelf too.
    const repacked = await packOk(ctx.app, storekeeper, [order.id]);
    expect(repacked.number).toBeGreaterThan(parcel.number);
    expect((await markReady(ctx.app, storekeeper, repacked.id)).statusCode).toBe(200);
    expect((await unpack(ctx.app, storekeeper, repacked.id)).statusCode).toBe(200);
    expect((await orderNow(ctx.app, admin, order)).fulfilmentStatus).toBe('arrived');
    expect(stepsOf(await fulfilmentHistoryOk(ctx.app, admin, order.id))).toEqual([
      'awaiting_goods→arrived',
      'arrived→packed',
      'packed→arrived',
      'arrived→packed',
      'packed→ready_for_pickup',
      'ready_for_pickup→arrived',
    ]);
  });

  it('unpacking a handed-over parcel: 409, the parcel and its orders stay as they are', async () => {
    const { order, phone, parcel } = await packedParcel();
    expect((await handOver(ctx.app, storekeeper, parcel.id, last4(phone))).statusCode).toBe(200);
    expectError(await unpack(ctx.app, storekeeper, parcel.id), 409, { message: new RegExp(`^Посылка №${parcel.number} уже выдана`) });
    expect((await parcelNow(ctx.app, storekeeper, parcel.id))?.status).toBe('delivered');
    expect((await orderNow(ctx.app, admin, order)).fulfilmentStatus).toBe('delivered');
  });

  it('an unknown parcel: 404 for shelf, hand-over and unpack', async () => {
    expectError(await markReady(ctx.app, storekeeper, NIL_UUID), 404, { message: 'Посылка не найдена' });
    expectError(await handOver(ctx.app, storekeeper, NIL_UUID, '0005'), 404);
    expectError(await unpack(ctx.app, storekeeper, NIL_UUID), 404);
  });
});
