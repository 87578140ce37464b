import { formatMoney, type Order, orderTotalsOf, percentToBasisPoints, endpoints } from '@vmeste/contract';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelItems, parcels } from '../../src/tables.js';
import { signInWith } from '../fixtures/accounts-kit.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import {
  arrivedPaidOrder,
  clientPhone,
  fulfilmentHistoryOk,
  handOver,
  lineOf,
  markReady,
  type Mark,
  messagesTo,
  ordersOf,
  pack,
  packOk,
  purchaseOnTheWay,
  receive,
  stepsOf,
} from '../fixtures/warehouse-kit.js';

/**
 * Real parallelism, so PostgreSQL only (PGlite has one connection and never overlaps two requests):
 * two storekeepers marking one purchase, packing one order, handing one parcel over at the same
 * moment. The rules must hold by the database's locks, not by luck.
 */

const statusCounts = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((counts, res) => ({ ...counts, [res.statusCode]: (counts[res.statusCode] ?? 0) + 1 }), {});

describe.skipIf(!isPostgresRun)('warehouse concurrency (PostgreSQL only: PGlite has one connection, so requests never overlap)', () => {
  let ctx: TestContext;
  let admin: Headers;
  let storekeeper: Headers;
  let secondStorekeeper: Headers;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signInAs(ctx.app, 'admin');
    storekeeper = await signInAs(ctx.app, 'storekeeper');
    const second = { phone: clientPhone(), password: 'sklad-pass-2' };
    const created = await call(ctx.app, endpoints.users.createStaff, {
      headers: admin,
      body: { ...second, name: 'Пётр', surname: 'Складов', role: 'storekeeper' },
    });
    expect(created.statusCode, created.body).toBe(201);
    secondStorekeeper = await signInWith(ctx.app, second.phone, second.password);
  });
  afterAll(() => ctx?.close());

  const FEE = 7.5;
  const PRICES = { Шарф: 1_990, Шапка: 3_330 } as const;

  /** Four clients, each with two scarves and a hat; two of them paid. */
  async function purchaseToReceive() {
    return purchaseOnTheWay(ctx.app, admin, {
      fee: FEE,
      orders: Array.from({ length: 4 }, (_, i) => ({
        phone: clientPhone(),
        paid: i % 2 === 0,
        lines: [
          { product: 'Шарф', quantity: 2, unitPriceKopecks: PRICES['Шарф'] },
          { product: 'Шапка', quantity: 1, unitPriceKopecks: PRICES['Шапка'] },
        ],
      })),
    });
  }

  it('two storekeepers receiving one purchase at once with different marks: one set holds entirely, totals follow, each client told once', async () => {
    const rounds = await Promise.all(Array.from({ length: 3 }, () => purchaseToReceive()));
    const plans = rounds.map(({ purchase, orders }) => {
      const byNumber = [...orders].sort((a, b) => a.number - b.number);
      // Everything came in full, line by line.
      const full: Mark[] = orders.flatMap((o) => [
        { lineIds: [lineOf(o, 'Шарф')], arrivedQuantity: 2 },
        { lineIds: [lineOf(o, 'Шапка')], arrivedQuantity: 1 },
      ]);
      // Five scarves of eight over all the lines, every hat: the first orders get their scarves.
      const short: Mark[] = [
        { lineIds: orders.map((o) => lineOf(o, 'Шарф')), arrivedQuantity: 5 },
        ...orders.map((o) => ({ lineIds: [lineOf(o, 'Шапка')], arrivedQuantity: 1 })),
      ];
      const expected = {
        full: new Map(orders.flatMap((o) => [[lineOf(o, 'Шарф'), 2] as const, [lineOf(o, 'Шапка'), 1] as const])),
        short: new Map(byNumber.flatMap((o, i) => [[lineOf(o, 'Шарф'), [2, 2, 1, 0][i]!] as const, [lineOf(o, 'Шапка'), 1] as const])),
      };
      return { purchase, orders, full, short, expected };
    });

    const answers = await Promise.all(
      plans.flatMap((p) => [
        receive(ctx.app, storekeeper, p.purchase.id, p.full),
        receive(ctx.app, secondStorekeeper, p.purchase.id, p.short),
      ]),
    );
    expect(statusCounts(answers)).toEqual({ 200: 6 });

    for (const plan of plans) {
      const now = await ordersOf(
        ctx.app,
        admin,
        plan.purchase.id,
        plan.orders.map((o) => o.id),
      );
      const arrived = new Map(now.flatMap((o) => o.lines.map((l) => [l.id, l.arrivedQuantity] as const)));
      const holds = (expected: Map<string, number>) => [...expected].every(([id, q]) => arrived.get(id) === q);
      expect(holds(plan.expected.full) || holds(plan.expected.short), JSON.stringify([...arrived])).toBe(true);

      for (const order of now) {
        const goods = order.lines.reduce((sum, l) => sum + (l.arrivedQuantity ?? l.quantity) * l.unitPriceKopecks, 0);
        const totals = orderTotalsOf(goods, percentToBasisPoints(FEE));
        expect(order, `order №${order.number}`).toMatchObject({
          goodsKopecks: totals.goodsKopecks,
          organizerFeeKopecks: totals.organizerFeeKopecks,
          totalKopecks: totals.totalKopecks,
          fulfilmentStatus: 'arrived',
        });
        expect(order.refundDueKopecks).toBe(Math.max(0, order.paidKopecks - order.totalKopecks));
        const told = await messagesTo(ctx, order.phone, 'goods_arrived');
        expect(told, `messages of order №${order.number}`).toHaveLength(1);
        // The one message is of the marks that hold, whichever storekeeper came second (a queued one is replaced).
        const scarves = order.lines.find((l) => l.product === 'Шарф')!.arrivedQuantity!;
        if (scarves < 2)
          expect(told[0]).toContain(`Не поступило: Шарф — ${2 - scarves} шт. Сумма заказа — ${formatMoney(order.totalKopecks)}.`);
        else expect(told[0]).not.toContain('Не поступило');
        const steps = stepsOf(await fulfilmentHistoryOk(ctx.app, admin, order.id));
        expect(steps).toEqual(['awaiting_goods→arrived']);
        expect(new Set(steps).size).toBe(steps.length);
      }
    }
  });

  async function parcelsOf(orderIds: string[]) {
    return ctx.database.db
      .select({ id: parcels.id, orderId: parcelItems.orderId })
      .from(parcelItems)
      .innerJoin(parcels, eq(parcels.id, parcelItems.parcelId))
      .where(inArray(parcelItems.orderId, orderIds));
  }

  const readyOrder = (phone = clientPhone()) =>
    arrivedPaidOrder(ctx.app, admin, { phone, lines: [{ product: 'Платье', quantity: 1, unitPriceKopecks: 180_000 }] });

  it('two storekeepers packing one order at once: one 201, one 409, one parcel', async () => {
    const order = await readyOrder();
    const answers = await Promise.all([pack(ctx.app, storekeeper, [order.id]), pack(ctx.app, secondStorekeeper, [order.id])]);
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 1 });
    const winner = answers.find((r) => r.statusCode === 201)!.json<{ id: string; number: number }>();
    expect(answers.find((r) => r.statusCode === 409)!.json<{ message: string }>().message).toBe(
      `Заказ №${order.number}: уже в посылке №${winner.number}`,
    );
    expect(await parcelsOf([order.id])).toEqual([{ id: winner.id, orderId: order.id }]);
    expect(stepsOf(await fulfilmentHistoryOk(ctx.app, admin, order.id))).toEqual(['awaiting_goods→arrived', 'arrived→packed']);
  });

  it('ten packings of overlapping selections of one client’s orders at once: every order ends in exactly one parcel', async () => {
    const phone = clientPhone();
    const orders: Order[] = [];
    for (let i = 0; i < 3; i++) orders.push(await readyOrder(phone));
    const [a, b, c] = orders.map((o) => o.id) as [string, string, string];
    const selections = [[a], [b], [c], [a, b], [b, c], [a, c], [a, b, c], [c, a], [b, a], [c, b]];
    const answers = await Promise.all(selections.map((ids, i) => pack(ctx.app, i % 2 ? storekeeper : secondStorekeeper, ids)));
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const rows = await parcelsOf([a, b, c]);
    expect(rows.map((r) => r.orderId).sort()).toEqual([a, b, c].sort());
    expect(new Set(rows.map((r) => r.id)).size).toBe(answers.filter((r) => r.statusCode === 201).length);
  });

  it('two presses of «on the shelf» at once: both answer 200, the client is told once', async () => {
    const phone = clientPhone();
    const order = await readyOrder(phone);
    const parcel = await packOk(ctx.app, storekeeper, [order.id]);
    const answers = await Promise.all([markReady(ctx.app, storekeeper, parcel.id), markReady(ctx.app, secondStorekeeper, parcel.id)]);
    expect(statusCounts(answers)).toEqual({ 200: 2 });
    expect(await messagesTo(ctx, phone, 'parcel_ready')).toHaveLength(1);
    expect(stepsOf(await fulfilmentHistoryOk(ctx.app, admin, order.id))).toEqual([
      'awaiting_goods→arrived',
      'arrived→packed',
      'packed→ready_for_pickup',
    ]);
  });

  it('two storekeepers handing one parcel over at once: one 200, one 409, the orders delivered once', async () => {
    const phone = clientPhone();
    const order = await readyOrder(phone);
    const parcel = await packOk(ctx.app, storekeeper, [order.id]);
    expect((await markReady(ctx.app, storekeeper, parcel.id)).statusCode).toBe(200);
    const answers = await Promise.all([
      handOver(ctx.app, storekeeper, parcel.id, phone.slice(-4)),
      handOver(ctx.app, secondStorekeeper, parcel.id, phone.slice(-4)),
    ]);
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 1 });
    expect(answers.find((r) => r.statusCode === 409)!.json<{ message: string }>().message).toMatch(
      new RegExp(`^Посылка №${parcel.number} уже выдана`),
    );
    const steps = stepsOf(await fulfilmentHistoryOk(ctx.app, admin, order.id));
    expect(steps.filter((s) => s === 'ready_for_pickup→delivered')).toHaveLength(1);
  });
});
