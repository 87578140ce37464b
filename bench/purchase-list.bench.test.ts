import { sql } from 'drizzle-orm';
import type { Purchase } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../apps/server/src/db/client.js';
import { findPurchaseStats } from '../apps/server/src/areas/orders/purchase-totals.sql.js';
import { listPurchases } from '../apps/server/src/areas/purchases/purchases.repository.js';
import { createTestApp, isPostgresRun, type TestContext } from '../apps/server/test/fixtures/app.js';
import { signInAs } from '../apps/server/test/fixtures/demo-accounts.js';
import { keptAndRecounted } from '../apps/server/test/fixtures/purchase-totals-kit.js';
import { uuidOf } from './clients-report-data.js';

/**
 * The admin's purchases list (GET /api/purchases, 20 a page as the web asks) on 2,000 purchases with
 * 1,000,000 orders and about 2,000,000 lines on PostgreSQL, through app.inject: p50/p95 over 200
 * requests of each variant, the warehouse's list, and — for comparison — the query the list ran before
 * decision 028 (every order line of the shop grouped per order, then the page's orders) on the same data.
 * Asserts only that the figures are right (kept equals a recount), never time.
 *
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run -c bench/vitest.config.ts bench/purchase-list.bench.test.ts`
 */
const PURCHASES = 2_000;
const ORDERS_PER_PURCHASE = 500;
const REQUESTS = 200;

/** Nearest-rank percentile of milliseconds. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Set-based data with the triggers off, then the figures rebuilt by migration 0017's own function.
 * Purchases 1–1,800 are completed (every line received), 1,801–1,900 at the warehouse (first line of
 * each order received), 1,901–2,000 taking payment (none). Orders have 1–3 lines; three in four are
 * paid; one in 37 is canceled. The clients report's per-phone summaries are left empty: nothing here reads them.
 */
function generation(): [string, string][] {
  const receivedOf = (j: string, lines: string) => `case when ${j} > 1900 then 0 when ${j} > 1800 then 1 else ${lines} end`;
  return [
    [
      'purchases',
      `insert into purchases (id, title, supplier, status, organizer_fee_basis_points, created_at, updated_at)
       select ${uuidOf(`'bp' || j`)}, 'Закупка ' || j, 'Поставщик ' || (j % 50),
         case when j > 1900 then 'payment' when j > 1800 then 'at_warehouse' else 'completed' end, 1000,
         now() - interval '740 days' + j * interval '8 hours', now()
       from generate_series(1, ${PURCHASES}) j`,
    ],
    ['triggers off', 'alter table orders disable trigger user; alter table order_lines disable trigger user'],
    [
      'orders',
      `insert into orders (id, purchase_id, phone, client_name, goods_kopecks, organizer_fee_kopecks, total_kopecks, paid_kopecks,
         fulfilment_status, canceled_at, lines_count, received_lines_count, created_at, updated_at)
       select ${uuidOf(`'bo' || j || '-' || k`)}, ${uuidOf(`'bp' || j`)}, '79' || lpad(((j * 1013 + k * 105) % 105000)::text, 9, '0'),
         'Клиент ' || k, x.goods, x.goods / 10, x.goods + x.goods / 10,
         case when x.canceled or k % 4 = 0 then 0 else x.goods + x.goods / 10 end,
         case when j > 1800 then 'awaiting_goods' else 'delivered' end, case when x.canceled then now() end,
         x.lines, ${receivedOf('j', 'x.lines')}, now() - interval '730 days' + j * interval '8 hours', now()
       from generate_series(1, ${PURCHASES}) j cross join generate_series(0, ${ORDERS_PER_PURCHASE - 1}) k
       cross join lateral (select 1 + k % 3 as lines, 50000 + (j * 7919 + k * 104729) % 450000 as goods, k % 37 = 5 as canceled) x`,
    ],
    [
      'order_lines',
      `insert into order_lines (order_id, product, article, options, quantity, unit_price_kopecks, arrived_quantity)
       select ${uuidOf(`'bo' || j || '-' || k`)}, 'Товар ' || i, 'A-' || ((j + k) % 100), '', 1 + i, 10000 + ((j + k + i) % 50) * 1000,
         case when j > 1900 then null when j > 1800 then (case when i = 0 then 1 end) else 1 + i end
       from generate_series(1, ${PURCHASES}) j cross join generate_series(0, ${ORDERS_PER_PURCHASE - 1}) k
       cross join generate_series(0, 2) i where i <= k % 3`,
    ],
    ['triggers on', 'alter table orders enable trigger user; alter table order_lines enable trigger user'],
    ['purchase figures', 'select order_purchase_totals_rebuild()'],
    ['vacuum analyze', 'vacuum analyze'],
    // The seeding's dirty pages are written now, not by the background checkpoint during the first series.
    ['checkpoint', 'checkpoint'],
  ];
}

/** The purchases list's figures as they were summed before decision 028, for the page's purchases. */
const summedBefore = (ids: string[]) => sql`
  select o.purchase_id, count(*) as orders_count,
    coalesce(sum(case when o.canceled_at is not null then 0 else greatest(o.total_kopecks - o.paid_kopecks, 0) end), 0) as due_kopecks,
    coalesce(sum(o.paid_kopecks), 0) as paid_kopecks, coalesce(sum(lc.lines), 0) as lines_count,
    coalesce(sum(lc.received), 0) as received_lines_count, count(*) filter (where lc.received < lc.lines) as awaiting_orders_count
  from orders o
  left join (select order_id, count(*) as lines, count(arrived_quantity) as received from order_lines group by order_id) lc on lc.order_id = o.id
  where o.purchase_id in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}) and o.canceled_at is null
  group by o.purchase_id`;

describe.skipIf(!isPostgresRun)('the purchases list on 2,000 purchases and 1,000,000 orders, PostgreSQL', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  const steps: string[] = [];
  const results: Record<string, string | number>[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signInAs(ctx.app, 'admin');
    for (const [step, statement] of generation()) {
      const started = performance.now();
      const result = await ctx.database.db.execute(sql.raw(statement));
      const rows = (result as { rowCount?: number | null }).rowCount ?? 0;
      steps.push(`${step}: ${rows} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    console.log(steps.join('\n'));
  }, 1_800_000);

  afterAll(async () => {
    await ctx?.close();
    const columns = [...new Set(results.flatMap((row) => Object.keys(row)))];
    console.log(['', columns.join(' | '), ...results.map((row) => columns.map((c) => row[c] ?? '—').join(' | '))].join('\n'));
  });

  async function list(url: string): Promise<{ ms: number; items: Purchase[] }> {
    const started = performance.now();
    const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
    const ms = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return { ms, items: res.json<{ items: Purchase[] }>().items };
  }

  async function timed(url: string): Promise<number> {
    const started = performance.now();
    const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
    const ms = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return ms;
  }

  async function series(name: string, url: string, n = REQUESTS) {
    for (let i = 0; i < 10; i += 1) await list(url);
    // Each request follows a session-only one, so both see the same load of the machine.
    const times: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < n; i += 1) {
      floor.push(await timed('/api/users/my'));
      times.push((await list(url)).ms);
    }
    results.push({
      request: name,
      n,
      'floor p50': round(percentile(floor, 50)),
      'floor p95': round(percentile(floor, 95)),
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      max: round(Math.max(...times)),
    });
  }

  it('the kept figures equal the orders and lines counted again, for all 2,000 purchases', async () => {
    const { kept, recounted } = await keptAndRecounted(ctx);
    expect(Object.keys(kept).length).toBeGreaterThanOrEqual(PURCHASES);
    expect(kept).toEqual(recounted);
  }, 600_000);

  it('GET /api/purchases: p50/p95 over 200 requests of each variant', async () => {
    expect((await list('/api/purchases?page=1&pageSize=20')).items).toHaveLength(20);
    // Purchase 2,000 takes payment: 500 orders less the 14 canceled, 1–3 lines each, none received.
    const [newest] = (await list(`/api/purchases?search=${encodeURIComponent('Закупка 2000')}`)).items;
    expect(newest).toMatchObject({ ordersCount: 486, receivedLinesCount: 0 });
    expect(newest!.linesCount).toBeGreaterThan(486);
    await series('list, page 1 of 20', '/api/purchases?page=1&pageSize=20');
    await series('list, page 50 of 20', '/api/purchases?page=50&pageSize=20');
    await series('list, 100 a page', '/api/purchases?page=1&pageSize=100');
    await series('list, status at_warehouse', '/api/purchases?status=at_warehouse&pageSize=20');
    await series('list, search «Поставщик 7»', `/api/purchases?search=${encodeURIComponent('Поставщик 7')}&pageSize=20`);
    await series('warehouse purchases', '/api/warehouse/purchases', 50);
  }, 600_000);

  it('the two parts of the list alone (SQL through the repositories, no HTTP): p50/p95 over 200 runs', async () => {
    const ids = (await list('/api/purchases?page=1&pageSize=20')).items.map((p) => p.id);
    const parts: [string, () => Promise<unknown>][] = [
      ['SQL: page of 20 purchases + total', () => listPurchases(ctx.database.db, { limit: 20, offset: 0 })],
      ['SQL: kept figures of 20 purchases', () => findPurchaseStats(ctx.database.db, ids)],
    ];
    for (const [name, run] of parts) {
      for (let i = 0; i < 10; i += 1) await run();
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      results.push({
        request: name,
        n: REQUESTS,
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        max: round(Math.max(...times)),
      });
    }
    expect((await findPurchaseStats(ctx.database.db, ids)).size).toBe(20);
  }, 600_000);

  it('before decision 028: the figures summed from every order line, for one page of 20 (5 runs)', async () => {
    const ids = (await list('/api/purchases?page=1&pageSize=20')).items.map((p) => p.id);
    const times: number[] = [];
    let figures: Record<string, unknown>[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      figures = rowsOf(await ctx.database.db.execute(summedBefore(ids)));
      times.push(performance.now() - started);
    }
    expect(figures).toHaveLength(20);
    results.push({
      request: 'old query, page of 20 (SQL only)',
      n: 5,
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      max: round(Math.max(...times)),
    });
  }, 600_000);
});
