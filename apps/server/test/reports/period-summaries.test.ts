import type { ClientReportRow } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { moscowHalfMonthOf } from '../../src/shared/moscow-calendar.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { goods, purchaseWithOrders, recordCash } from '../fixtures/payments-kit.js';
import { setStatus } from '../fixtures/purchases-kit.js';
import type { Headers } from '../fixtures/requests.js';
import { allRows } from './reports-kit.js';

/**
 * A period of the clients report is answered from the orders (a purchase, a short period) or from the
 * per-phone running totals by half-month and the orders at its two ends (a long one). Orders placed on
 * Moscow month and half-month boundaries over fifteen months, paid, canceled, moved to another day and
 * phone and deleted must give, for every period, the figures counted here from the orders themselves;
 * and the half-month table must hold exactly the running totals of the orders left.
 */

type OrderFacts = {
  phone: string;
  client_name: string;
  goods_kopecks: number;
  total_kopecks: number;
  paid_kopecks: number;
  canceled_at: string | null;
  created_at: string;
};

// Moments in Moscow time: month and half-month edges, the New Year (a month apart in Moscow, the same in UTC).
const MOMENTS = [
  '2025-01-10T12:00:00+03:00',
  '2025-02-28T23:59:59+03:00',
  '2025-03-01T00:00:00+03:00',
  '2025-03-15T23:59:00+03:00',
  '2025-03-16T00:00:00+03:00',
  '2025-05-31T21:00:00+03:00',
  '2025-08-01T02:00:00+03:00',
  '2025-09-17T18:45:00+03:00',
  '2025-12-31T23:30:00+03:00',
  '2026-01-01T00:10:00+03:00',
  '2026-02-14T14:14:00+03:00',
  '2026-03-31T23:59:00+03:00',
];

/** A small seeded generator, so a failure names a period that fails again. */
function randomOf(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const dayOf = (moment: string) => new Date(new Date(moment).getTime() + 3 * 3600_000).toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00+03:00`).getTime();

/** What the report must say of one phone for a period of Moscow days, counted from its orders. */
function expectedOf(orders: OrderFacts[], period: { from?: string; to?: string }) {
  const byPhone = new Map<string, Partial<ClientReportRow>>();
  const phones = [...new Set(orders.map((o) => o.phone))];
  for (const phone of phones) {
    const own = orders.filter((o) => o.phone === phone);
    const inPeriod = own.filter((o) => {
      const at = new Date(o.created_at).getTime();
      return (!period.from || at >= dayStart(period.from)) && (!period.to || at < dayStart(period.to) + 86_400_000);
    });
    const live = inPeriod.filter((o) => o.canceled_at === null);
    const paid = inPeriod.reduce((s, o) => s + o.paid_kopecks, 0);
    if (live.length === 0 && paid === 0) continue;
    const latest = [...own].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0]!;
    byPhone.set(phone, {
      name: latest.client_name,
      ordersCount: live.length,
      goodsKopecks: live.reduce((s, o) => s + o.goods_kopecks, 0),
      paidKopecks: paid,
      dueKopecks: live.reduce((s, o) => s + Math.max(o.total_kopecks - o.paid_kopecks, 0), 0),
      lastOrderAt: new Date(Math.max(...inPeriod.map((o) => Date.parse(o.created_at)))).toISOString(),
    });
  }
  return byPhone;
}

/** The running totals the half-month table must hold for one phone: every half-month of its span, cumulative. */
function expectedHalves(orders: OrderFacts[], phone: string) {
  const own = orders.filter((o) => o.phone === phone);
  const halves = own.map((o) => moscowHalfMonthOf(new Date(o.created_at)));
  const rows = [];
  for (let half = Math.min(...halves); half <= Math.max(...halves); half += 1) {
    const upTo = own.filter((o) => moscowHalfMonthOf(new Date(o.created_at)) <= half);
    const live = upTo.filter((o) => o.canceled_at === null);
    rows.push({
      half,
      orders_count: live.length,
      goods_kopecks: live.reduce((s, o) => s + o.goods_kopecks, 0),
      paid_kopecks: upTo.reduce((s, o) => s + o.paid_kopecks, 0),
      due_kopecks: live.reduce((s, o) => s + Math.max(o.total_kopecks - o.paid_kopecks, 0), 0),
      last_order_at: upTo.length ? new Date(Math.max(...upTo.map((o) => Date.parse(o.created_at)))).toISOString() : null,
    });
  }
  return rows;
}

describe('a period of the clients report, from the orders and from the monthly running totals', () => {
  let ctx: TestContext;
  let admin: Headers;
  const base = `7955${String(Date.now() % 100_000).padStart(5, '0')}`;
  // The fifth phone gets its only order by a change of phone.
  const phones = [0, 1, 2, 3, 4].map((i) => `${base}${String(i).padStart(2, '0')}`);
  let orders: OrderFacts[] = [];

  async function ordersNow(): Promise<OrderFacts[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await ctx.database.db.execute(sql`select phone, client_name, goods_kopecks, total_kopecks, paid_kopecks, canceled_at, created_at
        from orders where phone like ${`${base}%`}`),
    );
    return rows.map((r) => ({
      phone: String(r.phone),
      client_name: String(r.client_name),
      goods_kopecks: Number(r.goods_kopecks),
      total_kopecks: Number(r.total_kopecks),
      paid_kopecks: Number(r.paid_kopecks),
      canceled_at: r.canceled_at === null ? null : String(r.canceled_at),
      created_at: new Date(r.created_at as string | Date).toISOString(),
    }));
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signInAs(ctx.app, 'admin');
    const db = ctx.database.db;
    // Four purchases, each with an order of every phone; names differ per order, so "the latest" shows.
    const made = [];
    for (let p = 0; p < 4; p += 1) {
      made.push(
        await purchaseWithOrders(ctx.app, admin, {
          fee: 10,
          orders: phones
            .slice(0, 4)
            .map((phone, i) => ({ phone, clientName: `Клиент ${i}-${p}`, lines: goods(10_000 + p * 1_000 + i * 100) })),
        }),
      );
    }
    const all = made.flatMap((m) => m.orders);
    // Spread the orders over fifteen months (the trigger follows a changed date).
    for (const [index, order] of all.entries()) {
      await db.execute(sql`update orders set created_at = ${MOMENTS[index % MOMENTS.length]!} where id = ${order.id}`);
    }
    // Money on every third order; the fourth purchase canceled with its unpaid orders.
    for (const order of all.filter((_, i) => i % 3 === 0 && i < 12))
      expect((await recordCash(ctx.app, admin, order.id)).statusCode).toBe(201);
    expect((await setStatus(ctx.app, admin, made[3]!.purchase.id, 'canceled')).statusCode).toBe(200);
    // One order moves to another phone and another day; one unpaid order is deleted.
    await db.execute(sql`update orders set phone = ${phones[4]!}, created_at = ${'2024-12-20T10:00:00+03:00'} where id = ${all[1]!.id}`);
    await db.execute(sql`delete from orders where id = ${all[7]!.id}`);
    orders = await ordersNow();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the half-month table holds every half-month of each phone’s span with the running totals of its orders', async () => {
    for (const phone of phones) {
      const rows = rowsOf<Record<string, unknown>>(
        await ctx.database.db.execute(sql`select half_month, orders_count, goods_kopecks, paid_kopecks, due_kopecks, last_order_at
          from order_client_half_months where phone = ${phone} order by half_month`),
      ).map((r) => ({
        half: Number(r.half_month),
        orders_count: Number(r.orders_count),
        goods_kopecks: Number(r.goods_kopecks),
        paid_kopecks: Number(r.paid_kopecks),
        due_kopecks: Number(r.due_kopecks),
        last_order_at: r.last_order_at === null ? null : new Date(r.last_order_at as string | Date).toISOString(),
      }));
      const expected = expectedHalves(orders, phone);
      // A span never shrinks: half-months the moved or deleted order opened stay with the totals unchanged.
      expect(rows.slice(rows.findIndex((r) => r.half === expected[0]!.half)).slice(0, expected.length)).toEqual(expected);
      const beyond = rows.filter((r) => r.half > expected.at(-1)!.half);
      for (const row of beyond) expect({ ...row, half: expected.at(-1)!.half }).toEqual(expected.at(-1));
    }
  });

  it('the totals row of each phone names it by its latest order and holds its latest date', async () => {
    for (const phone of phones) {
      const [row] = rowsOf<{ client_name: string; last_order_at: string | Date }>(
        await ctx.database.db.execute(sql`select client_name, last_order_at from order_client_totals where phone = ${phone}`),
      );
      const own = orders.filter((o) => o.phone === phone).sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
      expect(row!.client_name).toBe(own[0]!.client_name);
      expect(new Date(row!.last_order_at).toISOString()).toBe(own[0]!.created_at);
    }
  });

  const fixed: { from?: string; to?: string }[] = [
    { from: '2024-12-01', to: '2026-03-31' },
    { from: '2025-02-15', to: '2025-11-20' },
    { from: '2025-02-28', to: '2025-03-01' },
    { from: '2025-03-01', to: '2025-12-31' },
    { from: '2025-12-31', to: '2026-02-10' },
    { from: '2026-01-01', to: '2026-12-31' },
    // Each end inside a half-month with orders on both sides of it: from its start and from its end.
    { from: '2025-03-10', to: '2025-09-20' },
    { from: '2025-09-16', to: '2026-02-15' },
    { from: '2025-05-20', to: '2026-01-01' },
    { from: '2025-02-20', to: '2025-12-31' },
    { from: '2025-03-13', to: '2025-09-18' },
    { from: '2025-05-28', to: '2026-03-31' },
    { from: '2025-06-17' },
    { to: '2025-09-30' },
    { to: '2025-02-28' },
  ];
  const random = randomOf(20_251_124);
  const span = [dayStart('2024-11-01'), dayStart('2026-05-31')];
  const randomPeriods = Array.from({ length: 60 }, () => {
    const [a, b] = [random(), random()].map((x) => dayOf(new Date(span[0]! + x * (span[1]! - span[0]!)).toISOString()));
    return a! <= b! ? { from: a!, to: b! } : { from: b!, to: a! };
  });

  it.each([...fixed, ...randomPeriods].map((p) => [`${p.from ?? '…'} – ${p.to ?? '…'}`, p] as const))(
    'the period %s gives each phone the figures of its orders in it',
    async (_, period) => {
      const { rows } = await allRows(ctx.app, admin, { ...period, q: base, sort: 'phone', order: 'asc' });
      const got = new Map(
        rows.map((r) => [
          r.phone,
          {
            name: r.name,
            ordersCount: r.ordersCount,
            goodsKopecks: r.goodsKopecks,
            paidKopecks: r.paidKopecks,
            dueKopecks: r.dueKopecks,
            lastOrderAt: r.lastOrderAt,
          },
        ]),
      );
      expect(got).toEqual(expectedOf(orders, period));
    },
  );
});
