import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { moneyDifferences } from '../fixtures/money-audit.js';
import { purchaseWithOrders, recordCash } from '../fixtures/payments-kit.js';
import { setStatus } from '../fixtures/purchases-kit.js';
import type { Headers } from '../fixtures/requests.js';

/**
 * The per-phone order totals and their half-monthly running totals are kept by a trigger with additive
 * deltas under the totals row's lock. Many transactions changing one client's orders at once — cash
 * payments, repeated presses, purchases canceled, orders moved to other months — must leave both
 * equal to the orders summed again. PostgreSQL only: PGlite never
 * runs two transactions at once.
 */
describe.skipIf(!isPostgresRun)('order totals per phone under concurrent changes (PostgreSQL only)', () => {
  let ctx: TestContext;
  let admin: Headers;
  const phone = `7956${String(Date.now() % 10_000_000).padStart(7, '0')}`;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signInAs(ctx.app, 'admin');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function summaryAndRecount() {
    const [summary] = rowsOf<Record<string, string | number>>(
      await ctx.database.db.execute(
        sql`select orders_count, goods_kopecks, paid_kopecks, due_kopecks from order_client_totals where phone = ${phone}`,
      ),
    );
    const [recount] = rowsOf<Record<string, string | number>>(
      await ctx.database.db.execute(sql`select
        count(*) filter (where canceled_at is null) as orders_count,
        coalesce(sum(goods_kopecks) filter (where canceled_at is null), 0) as goods_kopecks,
        coalesce(sum(paid_kopecks), 0) as paid_kopecks,
        coalesce(sum(greatest(total_kopecks - paid_kopecks, 0)) filter (where canceled_at is null), 0) as due_kopecks
        from orders where phone = ${phone}`),
    );
    const numbers = (row: Record<string, string | number> | undefined) =>
      Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
    return { summary: numbers(summary), recount: numbers(recount) };
  }

  async function ordersOfPhone(): Promise<string[]> {
    return rowsOf<{ id: string }>(await ctx.database.db.execute(sql`select id from orders where phone = ${phone}`)).map((r) => r.id);
  }

  /** The phone's half-monthly running totals, and the same summed again from its orders half-month by half-month. */
  async function halfMonthsAndRecount() {
    const summary = rowsOf<Record<string, unknown>>(
      await ctx.database.db.execute(
        sql`select half_month, orders_count, goods_kopecks, paid_kopecks, due_kopecks, last_order_at from order_client_half_months where phone = ${phone} order by half_month`,
      ),
    );
    const recount = rowsOf<Record<string, unknown>>(
      await ctx.database.db.execute(sql`with per as (
          select order_half_month(created_at) as half_month, count(*) filter (where canceled_at is null) as c,
            coalesce(sum(goods_kopecks) filter (where canceled_at is null), 0) as g, sum(paid_kopecks) as p,
            coalesce(sum(greatest(total_kopecks - paid_kopecks, 0)) filter (where canceled_at is null), 0) as d, max(created_at) as l
          from orders where phone = ${phone} group by 1)
        select s.half_month, sum(coalesce(per.c, 0)) over w as orders_count, sum(coalesce(per.g, 0)) over w as goods_kopecks,
          sum(coalesce(per.p, 0)) over w as paid_kopecks, sum(coalesce(per.d, 0)) over w as due_kopecks, max(per.l) over w as last_order_at
        from generate_series((select min(half_month) from per), (select max(half_month) from per)) as s(half_month)
        left join per on per.half_month = s.half_month window w as (order by s.half_month) order by s.half_month`),
    );
    const plain = (rows: Record<string, unknown>[]) =>
      rows.map((r) => ({
        halfMonth: Number(r.half_month),
        orders_count: Number(r.orders_count),
        goods_kopecks: Number(r.goods_kopecks),
        paid_kopecks: Number(r.paid_kopecks),
        due_kopecks: Number(r.due_kopecks),
        last_order_at: new Date(r.last_order_at as string).toISOString(),
      }));
    return { summary: plain(summary), recount: plain(recount) };
  }

  it('cash for 20 orders, each pressed twice, while 10 unpaid purchases are canceled and orders change months: the summaries equal the recount', async () => {
    const paid: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const made = await purchaseWithOrders(ctx.app, admin, {
        fee: 10,
        orders: [
          {
            phone,
            clientName: 'Гончарова Нина',
            lines: [{ product: `Товар ${i}`, quantity: 1 + (i % 3), unitPriceKopecks: 10_000 + i * 137 }],
          },
        ],
      });
      paid.push(made.orders[0]!.id);
    }
    const canceled = [];
    for (let i = 0; i < 10; i += 1) {
      const made = await purchaseWithOrders(ctx.app, admin, {
        orders: [{ phone, clientName: 'Гончарова Нина', lines: [{ product: `Отмена ${i}`, quantity: 2, unitPriceKopecks: 5_000 }] }],
      });
      canceled.push(made.purchase.id);
    }
    // Spread over ten months, so the running totals have half-months to keep apart.
    const others = (await ordersOfPhone()).filter((id) => !paid.includes(id));
    for (const [i, id] of [...paid, ...others].entries()) {
      await ctx.database.db.execute(sql`update orders set created_at = now() - make_interval(months => ${i % 10}) where id = ${id}`);
    }
    const before = await summaryAndRecount();
    expect(before.summary).toEqual(before.recount);
    expect(before.summary.orders_count).toBe(30);

    // Orders of the months in between move to another of them at the same time (never the first or last month).
    const moves = paid
      .filter((_, i) => i % 10 !== 0 && i % 10 !== 9)
      .map((id, i) =>
        ctx.database.db.execute(sql`update orders set created_at = now() - make_interval(months => ${1 + ((i * 3) % 8)}) where id = ${id}`),
      );
    const answers = await Promise.all([
      ...paid.flatMap((orderId) => [recordCash(ctx.app, admin, orderId), recordCash(ctx.app, admin, orderId)]),
      ...canceled.map((id) => setStatus(ctx.app, admin, id, 'canceled')),
    ]);
    await Promise.all(moves);
    const cash = answers.slice(0, 40);
    // Each order is paid by exactly one of its two presses.
    expect(cash.filter((res) => res.statusCode === 201)).toHaveLength(20);
    for (const res of answers.slice(40)) expect(res.statusCode, res.body).toBe(200);

    const after = await summaryAndRecount();
    expect(after.summary).toEqual(after.recount);
    const halves = await halfMonthsAndRecount();
    // Ten months apart from today: at least 19 half-months, each with its running totals.
    expect(halves.summary.length).toBeGreaterThanOrEqual(19);
    expect(halves.summary).toEqual(halves.recount);
    expect(after.summary.orders_count).toBe(20);
    expect(after.summary.due_kopecks).toBe(0);
    expect(after.summary.paid_kopecks).toBeGreaterThan(0);
  });

  it('leaves the shop’s money agreeing with itself: the money audit finds no difference', async () => {
    expect(await moneyDifferences(ctx)).toEqual([]);
  });
});
