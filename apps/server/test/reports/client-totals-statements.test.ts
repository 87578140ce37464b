import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { goods, purchaseWithOrders } from '../fixtures/payments-kit.js';

/**
 * The per-phone totals and half-monthly running totals are kept by statement triggers (migration 0024):
 * one statement may insert, move or delete the orders of many phones over many half-months at once, as
 * an import does. After each such statement both tables must equal what rebuilding them from the orders
 * gives (a span never shrinks, so half-months outside the rebuilt span are left out of the comparison).
 */
describe('client totals kept per statement', () => {
  let ctx: TestContext;
  const base = `7954${String(Date.now() % 100_000).padStart(5, '0')}`;
  const phones = [0, 1, 2, 3, 4, 5, 6].map((i) => `${base}${String(i).padStart(2, '0')}`);
  const purchaseIds: string[] = [];

  type Row = Record<string, unknown>;
  const withIsoDate = (r: Row): Row => ({
    ...r,
    last_order_at: r.last_order_at === null ? null : new Date(r.last_order_at as string).toISOString(),
  });

  async function state(): Promise<{ totals: Row[]; halves: Row[] }> {
    const totals = rowsOf<Record<string, unknown>>(
      await ctx.database.db.execute(sql`select phone, client_name, orders_count::int, goods_kopecks::text, paid_kopecks::text,
        due_kopecks::text, last_order_at from order_client_totals where phone like ${`${base}%`} order by phone`),
    ).map(withIsoDate);
    const halves = rowsOf<Record<string, unknown>>(
      await ctx.database.db.execute(sql`select phone, half_month, orders_count::int, goods_kopecks::text, paid_kopecks::text,
        due_kopecks::text, last_order_at from order_client_half_months where phone like ${`${base}%`} order by phone, half_month`),
    ).map(withIsoDate);
    return { totals, halves };
  }

  /** The tables as kept, then as rebuilt from the orders; the kept halves narrowed to the rebuilt span. */
  async function keptAndRebuilt() {
    const kept = await state();
    await ctx.database.db.execute(sql`select order_client_summaries_rebuild()`);
    const rebuilt = await state();
    const inSpan = new Set(rebuilt.halves.map((h) => `${h.phone}/${h.half_month}`));
    const withOrders = new Set(rebuilt.totals.map((t) => t.phone));
    // A phone left with no orders keeps its row, at zero; rebuilding has no row for it.
    for (const gone of kept.totals.filter((t) => !withOrders.has(t.phone))) {
      expect([gone.orders_count, gone.goods_kopecks, gone.paid_kopecks, gone.due_kopecks]).toEqual([0, '0', '0', '0']);
    }
    return {
      kept: {
        totals: kept.totals.filter((t) => withOrders.has(t.phone)),
        halves: kept.halves.filter((h) => inSpan.has(`${h.phone}/${h.half_month}`)),
      },
      rebuilt,
    };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await signInAs(ctx.app, 'admin');
    // Two purchases with orders of the first two phones; the other phones come by the statements below.
    for (let p = 0; p < 2; p += 1) {
      const made = await purchaseWithOrders(ctx.app, admin, {
        orders: phones.slice(0, 2).map((phone, i) => ({ phone, clientName: `Клиент ${i}-${p}`, lines: goods(20_000 + p * 700 + i * 50) })),
      });
      purchaseIds.push(made.purchase.id);
    }
    // Each order a minute apart: the name on a phone's latest order is then one, whichever way it is found.
    await ctx.database.db.execute(
      sql`update orders set created_at = '2025-06-10T12:00:00+03:00'::timestamptz + make_interval(mins => number) where phone like ${`${base}%`}`,
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('one insert of many orders over phones new and known, before and after their spans', async () => {
    const columns = rowsOf<{ column_name: string }>(
      await ctx.database.db.execute(sql`select column_name from information_schema.columns
        where table_name = 'orders' and table_schema = current_schema()
          and column_name not in ('id', 'number', 'phone', 'client_name', 'created_at', 'purchase_id', 'user_id')`),
    ).map((r) => sql.identifier(r.column_name));
    const list = sql.join(columns, sql`, `);
    // Copies of one order: per purchase, every phone, each at its own moment (half-months apart, years apart).
    await ctx.database.db.execute(sql`insert into orders (id, purchase_id, phone, client_name, created_at, ${list})
      select gen_random_uuid(), p.id, ph.phone, 'Новый ' || ph.phone, ph.at::timestamptz, ${list}
      from (select * from orders where phone = ${phones[0]!} limit 1) o
      cross join (values (${purchaseIds[0]!}::uuid), (${purchaseIds[1]!}::uuid)) as p(id)
      cross join (values
        (${phones[1]!}, '2024-01-05T10:00:00+03:00'),
        (${phones[2]!}, '2025-03-20T10:00:00+03:00'),
        (${phones[3]!}, '2026-02-01T10:00:00+03:00'),
        (${phones[4]!}, '2025-11-30T23:59:00+03:00')
      ) as ph(phone, at)
      where not exists (select 1 from orders x where x.purchase_id = p.id and x.phone = ph.phone)`);
    await ctx.database.db.execute(sql`insert into orders (id, purchase_id, phone, client_name, created_at, ${list})
      select gen_random_uuid(), o.purchase_id, ${phones[5]!}, 'Шестой', o.created_at + make_interval(months => 14), ${list}
      from orders o where o.phone = ${phones[0]!}`);
    const { kept, rebuilt } = await keptAndRebuilt();
    expect(rebuilt.totals).toHaveLength(6);
    expect(kept).toEqual(rebuilt);
  });

  it('one update moving orders to other phones and days, and paying others', async () => {
    await ctx.database.db.execute(sql`update orders set
        phone = case when phone = ${phones[2]!} then ${phones[6]!} else phone end,
        created_at = case when phone = ${phones[4]!} then created_at - interval '400 days' else created_at end,
        paid_kopecks = case when phone = ${phones[0]!} then total_kopecks else paid_kopecks end,
        client_name = case when phone = ${phones[5]!} then 'Шестой новый' else client_name end
      where phone like ${`${base}%`}`);
    const { kept, rebuilt } = await keptAndRebuilt();
    expect(kept).toEqual(rebuilt);
  });

  it('one update that cancels, one that changes nothing the totals count, one delete of several phones', async () => {
    await ctx.database.db.execute(sql`update orders set canceled_at = now() where phone in (${phones[1]!}, ${phones[5]!})`);
    await ctx.database.db.execute(sql`update orders set lines_count = lines_count where phone like ${`${base}%`}`);
    await ctx.database.db.execute(
      sql`delete from orders where phone in (${phones[3]!}, ${phones[6]!}) and purchase_id = ${purchaseIds[0]!}`,
    );
    const { kept, rebuilt } = await keptAndRebuilt();
    expect(kept).toEqual(rebuilt);
  });
});
