import { type Order, type Parcel, type PublicOrder } from '@vmeste/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFulfilmentEvents } from '../../src/tables.js';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { myOrders, orderByLink } from '../fixtures/payments-kit.js';
import { NIL_UUID, type Headers } from '../fixtures/requests.js';
import {
  fulfilmentHistory,
  fulfilmentHistoryOk,
  handOver,
  lineOf,
  markReady,
  packOk,
  purchaseOnTheWay,
  receiveOk,
  receiveRestOk,
  stepsOf,
  unpack,
} from '../fixtures/warehouse-kit.js';

/**
 * What an order's goods went through, as the admin and the storekeeper read it (every step, who,
 * when), and what the client sees of it on their own orders.
 */

let ctx: TestContext;
let admin: Headers;
let storekeeper: Headers;
let client: Headers;
const ADMIN_NAME = 'Анна Смирнова';
const STOREKEEPER_NAME = 'Игорь Кузнецов';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  storekeeper = await signInAs(ctx.app, 'storekeeper');
  client = await signInAs(ctx.app, 'client');
});
afterAll(() => ctx.close());

const CLIENT_PHONE = demoPhones.client;
const last4 = CLIENT_PHONE.slice(-4);

describe('fulfilment history', () => {
  it('lists every step with from, to, the employee’s name and the time, oldest first', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      title: 'История',
      orders: [{ phone: CLIENT_PHONE, paid: true, lines: [{ product: 'Свитер', quantity: 2, unitPriceKopecks: 200_000 }] }],
    });
    const order = orders[0]!;
    const startedAt = Date.now();
    await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(order, 'Свитер')], arrivedQuantity: 2 }]);
    const parcel = await packOk(ctx.app, storekeeper, [order.id]);
    expect((await unpack(ctx.app, admin, parcel.id)).statusCode).toBe(200);
    const again = await packOk(ctx.app, admin, [order.id]);
    expect((await markReady(ctx.app, storekeeper, again.id)).statusCode).toBe(200);
    expect((await handOver(ctx.app, storekeeper, again.id, last4)).statusCode).toBe(200);

    const history = await fulfilmentHistoryOk(ctx.app, admin, order.id);
    expect(history.map(({ fromStatus, toStatus, actorName, note }) => ({ fromStatus, toStatus, actorName, note }))).toEqual([
      { fromStatus: 'awaiting_goods', toStatus: 'arrived', actorName: STOREKEEPER_NAME, note: 'Приёмка' },
      { fromStatus: 'arrived', toStatus: 'packed', actorName: STOREKEEPER_NAME, note: `Посылка №${parcel.number}` },
      { fromStatus: 'packed', toStatus: 'arrived', actorName: ADMIN_NAME, note: `Посылка №${parcel.number} расформирована` },
      { fromStatus: 'arrived', toStatus: 'packed', actorName: ADMIN_NAME, note: `Посылка №${again.number}` },
      { fromStatus: 'packed', toStatus: 'ready_for_pickup', actorName: STOREKEEPER_NAME, note: `Посылка №${again.number} на полке` },
      { fromStatus: 'ready_for_pickup', toStatus: 'delivered', actorName: STOREKEEPER_NAME, note: `Посылка №${again.number} выдана` },
    ]);
    const times = history.map((e) => Date.parse(e.createdAt));
    for (const time of times) {
      expect(time).toBeGreaterThanOrEqual(startedAt - 1000);
      expect(time).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // The storekeeper reads the same history.
    expect(await fulfilmentHistoryOk(ctx.app, storekeeper, order.id)).toEqual(history);
  });

  it('two steps of one press (hand-over straight from the packing table) come in the order they were made, each with its own time', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [{ phone: CLIENT_PHONE, paid: true, lines: [{ product: 'Варежки', quantity: 1, unitPriceKopecks: 50_000 }] }],
    });
    await receiveRestOk(ctx.app, storekeeper, purchase.id);
    const parcel = await packOk(ctx.app, storekeeper, [orders[0]!.id]);
    expect((await handOver(ctx.app, storekeeper, parcel.id, last4)).statusCode).toBe(200);

    const history = await fulfilmentHistoryOk(ctx.app, admin, orders[0]!.id);
    expect(stepsOf(history)).toEqual(['awaiting_goods→arrived', 'arrived→packed', 'packed→ready_for_pickup', 'ready_for_pickup→delivered']);
    // The history is ordered by time alone: the two steps of one transaction must not share a timestamp.
    const rows = await ctx.database.db
      .select({ toStatus: orderFulfilmentEvents.toStatus, at: sql<string>`${orderFulfilmentEvents.createdAt}::text` })
      .from(orderFulfilmentEvents)
      .where(eq(orderFulfilmentEvents.orderId, orders[0]!.id))
      .orderBy(asc(orderFulfilmentEvents.createdAt));
    expect(rows.map((r) => r.toStatus)).toEqual(['arrived', 'packed', 'ready_for_pickup', 'delivered']);
    expect(new Set(rows.map((r) => r.at)).size).toBe(rows.length);
  });

  it('is refused to the client (403) and to a guest (401); an unknown order is 404', async () => {
    const { orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [{ phone: CLIENT_PHONE, lines: [{ product: 'Шапка', quantity: 1, unitPriceKopecks: 30_000 }] }],
    });
    expectError(await fulfilmentHistory(ctx.app, client, orders[0]!.id), 403);
    expectError(await fulfilmentHistory(ctx.app, {}, orders[0]!.id), 401);
    expectError(await fulfilmentHistory(ctx.app, admin, NIL_UUID), 404, { message: 'Заказ не найден' });
    expect(await fulfilmentHistoryOk(ctx.app, admin, orders[0]!.id)).toEqual([]);
  });
});

describe('the client’s view of their orders', () => {
  it('GET /orders/my and GET /orders/:id show the goods’ status, arrived and missing units per line and the refund due', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      title: 'Для клиента',
      orders: [
        {
          phone: CLIENT_PHONE,
          paid: true,
          lines: [
            { product: 'Кофта', quantity: 3, unitPriceKopecks: 100_000 },
            { product: 'Носки', quantity: 5, unitPriceKopecks: 2_000 },
          ],
        },
      ],
    });
    const order = orders[0]!;

    const before = (await myOrders(ctx.app, client)).find((o) => o.id === order.id) as unknown as Order;
    expect(before).toMatchObject({ fulfilmentStatus: 'awaiting_goods', refundDueKopecks: 0, dueKopecks: 0 });
    expect(before.lines.map((l) => [l.product, l.arrivedQuantity, l.missingQuantity])).toEqual(
      expect.arrayContaining([
        ['Кофта', null, 0],
        ['Носки', null, 0],
      ]),
    );

    await receiveOk(ctx.app, storekeeper, purchase.id, [
      { lineIds: [lineOf(order, 'Кофта')], arrivedQuantity: 2 },
      { lineIds: [lineOf(order, 'Носки')], arrivedQuantity: 5 },
    ]);

    const mine = (await myOrders(ctx.app, client)).find((o) => o.id === order.id) as unknown as Order;
    const byLink: PublicOrder = await orderByLink(ctx.app, order.id);
    for (const seen of [mine, byLink]) {
      expect(seen).toMatchObject({
        fulfilmentStatus: 'arrived',
        goodsKopecks: 210_000,
        totalKopecks: 210_000,
        paidKopecks: 310_000,
        dueKopecks: 0,
        refundDueKopecks: 100_000,
      });
      const lines = Object.fromEntries(seen.lines.map((l) => [l.product, l]));
      expect(lines['Кофта']).toMatchObject({ quantity: 3, arrivedQuantity: 2, missingQuantity: 1, totalKopecks: 200_000 });
      expect(lines['Носки']).toMatchObject({ quantity: 5, arrivedQuantity: 5, missingQuantity: 0, totalKopecks: 10_000 });
    }
    // The link shows the order without the phone.
    expect(byLink).not.toHaveProperty('hasAccount');
    expect(byLink.phone).not.toBe(CLIENT_PHONE);

    const parcel: Parcel = await packOk(ctx.app, storekeeper, [order.id]);
    expect((await orderByLink(ctx.app, order.id)).fulfilmentStatus).toBe('packed');
    expect((await markReady(ctx.app, storekeeper, parcel.id)).statusCode).toBe(200);
    expect(((await myOrders(ctx.app, client)).find((o) => o.id === order.id) as unknown as Order).fulfilmentStatus).toBe(
      'ready_for_pickup',
    );
  });
});
