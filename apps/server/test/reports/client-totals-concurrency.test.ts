import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { purchaseWithOrders, recordCash } from '../fixtures/payments-kit.js';
import { setStatus } from '../fixtures/purchases-kit.js';
import type { Headers } from '../fixtures/requests.js';

/**
 * The per-phone order totals are kept by a trigger with additive deltas under the summary row's lock.
 * Many transactions changing one client's orders at once — cash payments, repeated presses, purchases
 * canceled — must leave the summary equal to the orders summed again. PostgreSQL only: PGlite never
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

  it('cash for 20 orders, each pressed twice, while 10 unpaid purchases are canceled: the summary equals the recount', async () => {
    const paid = [];
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
    const before = await summaryAndRecount();
    expect(before.summary).toEqual(before.recount);
    expect(before.summary.orders_count).toBe(30);

    const answers = await Promise.all([
      ...paid.flatMap((orderId) => [recordCash(ctx.app, admin, orderId), recordCash(ctx.app, admin, orderId)]),
      ...canceled.map((id) => setStatus(ctx.app, admin, id, 'canceled')),
    ]);
    const cash = answers.slice(0, 40);
    // Each order is paid by exactly one of its two presses.
    expect(cash.filter((res) => res.statusCode === 201)).toHaveLength(20);
    for (const res of answers.slice(40)) expect(res.statusCode, res.body).toBe(200);

    const after = await summaryAndRecount();
    expect(after.summary).toEqual(after.recount);
    expect(after.summary.orders_count).toBe(20);
    expect(after.summary.due_kopecks).toBe(0);
    expect(after.summary.paid_kopecks).toBeGreaterThan(0);
  });
});
