import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../apps/server/src/db/client.js';
import { clientAccountsSource } from '../apps/server/src/areas/accounts/client-accounts.sql.js';
import { bonusTotalsSource } from '../apps/server/src/areas/bonus/bonus-totals.sql.js';
import { clientTotalsSource, orderPhonesSource } from '../apps/server/src/areas/orders/client-totals.sql.js';
import { payablePurchasesSource } from '../apps/server/src/areas/purchases/payable-purchases.sql.js';
import { orderRevenueSource } from '../apps/server/src/areas/payments/order-revenue.sql.js';
import { createClientsReport } from '../apps/server/src/areas/reports/clients-report.service.js';
import { generationOf, uuidOf } from './clients-report-data.js';
import { type Server, shopMain, signInAs, startServer, warnIfShopBuildIsStale, withPgClient, rssOf, xlsxRowsIn } from './shop-process.js';

/**
 * «Отчёт по клиентам» on 100,000 clients, 1,000 purchases and 1,000,000 orders on PostgreSQL, through
 * HTTP against the shop in its own process: p50/p95 of a page for each single filter × a few sorts,
 * of the charts, and the XLSX of the whole set (time to the last byte, peak VmRSS of the server).
 * Then EXPLAIN (ANALYZE, BUFFERS) of the slowest variants, with the SQL the server's own code builds.
 * Only correctness is asserted (counts, totals), never time or memory.
 *
 * BENCH_KEEP_DATABASE=1 leaves the database in place (its name is printed) for trying indexes by hand.
 */
const CLIENTS = 100_000;
/** Phones with orders and no account: the report's full join shows them too. */
const GUEST_PHONES = 5_000;
const PURCHASES = 1_000;
const ORDERS_PER_PURCHASE = 1_000;
const SIZE = { clients: CLIENTS, guestPhones: GUEST_PHONES, purchases: PURCHASES, ordersPerPurchase: ORDERS_PER_PURCHASE };
const REQUESTS = 20;
const MiB = 1024 * 1024;
const databaseUrl = process.env.DATABASE_URL;
const keepDatabase = process.env.BENCH_KEEP_DATABASE === '1';
const ADMIN = { phone: '79990000001', password: 'bench-admin-pass' };

/** Nearest-rank percentile of milliseconds. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A uuid (version 4 bits set, so the contract's z.uuid() takes it) made from a seed, for ids known before insert. */
describe.skipIf(!databaseUrl)('the clients report on 100,000 clients and 1,000,000 orders, PostgreSQL', () => {
  const databaseName = `vmeste_bench_clients_${process.pid}`;
  const benchUrl = new URL(databaseUrl ?? 'postgres://localhost/none');
  benchUrl.pathname = `/${databaseName}`;
  let shop: Server | undefined;
  let admin: Record<string, string>;
  let purchaseId = '';
  const generation: Record<string, string | number>[] = [];
  const pages: Record<string, string | number>[] = [];
  const measured: { name: string; query: string; p95: number }[] = [];
  const other: Record<string, string | number>[] = [];

  // Periods relative to today, as the data is: the last full month, the last 365 days, and half a
  // year in the past from the middle of a month to the middle of another (both ends read from orders).
  const today = new Date();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  const filters: [string, () => string][] = [
    ['none', () => ''],
    ['month', () => `from=${day(monthStart)}&to=${day(monthEnd)}`],
    ['year', () => `from=${day(new Date(today.getTime() - 364 * 86_400_000))}&to=${day(today)}`],
    [
      'past half-year',
      () => `from=${day(new Date(today.getTime() - 400 * 86_400_000))}&to=${day(new Date(today.getTime() - 218 * 86_400_000))}`,
    ],
    ['purchase', () => `purchaseId=${purchaseId}`],
    ['q phone digits', () => 'q=4512'],
    ['q name', () => `q=${encodeURIComponent('Смирн')}`],
    ['onlyDue', () => 'onlyDue=true'],
  ];
  const filterOf = (name: string) => filters.find(([n]) => n === name)![1]();
  const sorts = [
    'sort=lastOrderAt&order=desc',
    'sort=paidKopecks&order=desc',
    'sort=name&order=asc',
    'sort=bonusBalanceKopecks&order=desc',
  ];

  beforeAll(async () => {
    warnIfShopBuildIsStale();
    await withPgClient(databaseUrl!, async (c) => {
      await c.query(`drop database if exists ${databaseName} with (force)`);
      await c.query(`create database ${databaseName}`);
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-bench-clients-'));
    shop = await startServer('shop', shopMain, {
      DATABASE_URL: benchUrl.href,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JOBS_ENABLED: 'false',
      NODE_OPTIONS: process.env.BENCH_SHOP_NODE_OPTIONS,
    });
    admin = await signInAs(shop.url, ADMIN);
    await withPgClient(benchUrl.href, async (c) => {
      for (const [step, statement] of generationOf(SIZE)) {
        const started = performance.now();
        const result = await c.query(statement);
        generation.push({ step, rows: result.rowCount ?? 0, s: ((performance.now() - started) / 1000).toFixed(1) });
      }
      purchaseId = (await c.query<{ id: string }>(`select ${uuidOf(`'p' || 500`)} as id`)).rows[0]!.id;
    });
    console.log(generation.map((g) => `${g.step}: ${g.rows} rows, ${g.s} s`).join('\n'));
  }, 1_200_000);

  afterAll(async () => {
    await shop?.stop();
    if (keepDatabase) console.log(`database kept: ${benchUrl.href}`);
    else await withPgClient(databaseUrl!, (c) => c.query(`drop database if exists ${databaseName} with (force)`));
    for (const table of [pages, other.filter((r) => !('rows' in r)), other.filter((r) => 'rows' in r)]) {
      const columns = Object.keys(table[0] ?? {});
      console.log(['', columns.join(' | '), ...table.map((row) => columns.map((c) => row[c]).join(' | '))].join('\n'));
    }
  });

  async function timed(url: string): Promise<{ ms: number; body: unknown }> {
    const started = performance.now();
    const res = await fetch(url, { headers: admin });
    const text = await res.text();
    expect(res.status, text.slice(0, 500)).toBe(200);
    return { ms: performance.now() - started, body: JSON.parse(text) };
  }

  /** Two warm-up requests, then REQUESTS (5 when one takes over a second, to keep the run short). */
  async function series(url: string) {
    await timed(url);
    const warm = await timed(url);
    const n = warm.ms > 1000 ? 5 : REQUESTS;
    const times: number[] = [];
    for (let i = 0; i < n; i += 1) times.push((await timed(url)).ms);
    return { n, p50: percentile(times, 50), p95: percentile(times, 95), body: warm.body };
  }

  type Page = { items: { goodsKopecks: number; dueKopecks: number }[]; total: number; totals: Record<string, number> };

  it('the page: each single filter × four sorts', async () => {
    const expected = await withPgClient(benchUrl.href, async (c) => {
      const whole = await c.query<{ n: string; goods: string }>(
        `select count(*) as n, sum(goods_kopecks) filter (where canceled_at is null) as goods from orders`,
      );
      const phones = await c.query<{ n: string }>(
        `select count(distinct phone) filter (where canceled_at is null or paid_kopecks > 0) as n from orders`,
      );
      const ofPurchase = await c.query<{ n: string; goods: string }>(
        // A client of the purchase: a live order in it, or money on a canceled one (one order per phone and purchase).
        `select count(*) filter (where canceled_at is null or paid_kopecks > 0) as n, sum(goods_kopecks) filter (where canceled_at is null) as goods from orders where purchase_id = $1`,
        [purchaseId],
      );
      return {
        orders: Number(whole.rows[0]!.n),
        goods: Number(whole.rows[0]!.goods),
        phones: Number(phones.rows[0]!.n),
        purchase: ofPurchase.rows[0]!,
      };
    });
    expect(expected.orders).toBe(PURCHASES * ORDERS_PER_PURCHASE);
    for (const [filterName, filter] of filters) {
      for (const sort of sorts) {
        const query = [filter(), sort, 'page=1&pageSize=25'].filter(Boolean).join('&');
        const result = await series(`${shop!.url}/api/reports/clients?${query}`);
        const body = result.body as Page;
        pages.push({
          filter: filterName,
          sort,
          n: result.n,
          'p50, ms': Math.round(result.p50),
          'p95, ms': Math.round(result.p95),
          clients: body.total,
        });
        measured.push({ name: `page, ${filterName}, ${sort}`, query, p95: result.p95 });
        expect(body.items.length).toBe(Math.min(25, body.total));
        if (filterName === 'none') {
          expect(body.total).toBe(expected.phones);
          expect(body.totals.goodsKopecks).toBe(expected.goods);
        }
        if (filterName === 'purchase') expect(body.total).toBe(Number(expected.purchase.n));
        if (['month', 'year', 'past half-year'].includes(filterName)) {
          // The summaries' answer equals the period's orders summed here.
          const params = new URLSearchParams(filter());
          const ofPeriod = await withPgClient(benchUrl.href, (c) =>
            c.query<{ n: string; goods: string }>(
              `select count(distinct phone) filter (where canceled_at is null or paid_kopecks > 0) as n, sum(goods_kopecks) filter (where canceled_at is null) as goods
               from orders where created_at >= $1::date::timestamp at time zone 'Europe/Moscow' and created_at < ($2::date + 1)::timestamp at time zone 'Europe/Moscow'`,
              [params.get('from'), params.get('to')],
            ),
          );
          expect(body.total).toBe(Number(ofPeriod.rows[0]!.n));
          expect(body.totals.goodsKopecks).toBe(Number(ofPeriod.rows[0]!.goods));
        }
        if (filterName === 'onlyDue') expect(body.items.every((r) => r.dueKopecks > 0)).toBe(true);
      }
    }
    // The purchase's every page summed equals the totals the first page gave, and the orders themselves.
    let goods = 0;
    let rows = 0;
    let totals: Record<string, number> = {};
    for (let page = 1; page <= ORDERS_PER_PURCHASE / 100; page += 1) {
      const { body } = await timed(
        `${shop!.url}/api/reports/clients?purchaseId=${purchaseId}&sort=name&order=asc&page=${page}&pageSize=100`,
      );
      const p = body as Page;
      totals = p.totals;
      rows += p.items.length;
      goods += p.items.reduce((s, r) => s + r.goodsKopecks, 0);
    }
    expect(rows).toBe(Number(expected.purchase.n));
    expect(goods).toBe(totals.goodsKopecks);
    expect(goods).toBe(Number(expected.purchase.goods));
  });

  it('the charts: unfiltered and of a purchase', async () => {
    for (const [name, query] of [
      ['none', () => ''],
      ['purchase', () => `purchaseId=${purchaseId}`],
      ['year', () => filterOf('year')],
      ['q name', () => filterOf('q name')],
    ] as const) {
      const result = await series(`${shop!.url}/api/reports/clients/charts?${query()}`);
      const body = result.body as { weeks: { revenueKopecks: number }[] };
      other.push({ what: `charts, ${name}`, n: result.n, 'p50, ms': Math.round(result.p50), 'p95, ms': Math.round(result.p95) });
      measured.push({ name: `charts, ${name}`, query: query(), p95: result.p95 });
      expect(body.weeks.length).toBeGreaterThan(0);
      // The default weeks are the last 26; the purchase's orders are older, so only the whole set has money in them.
      if (name === 'none') expect(body.weeks.some((w) => w.revenueKopecks > 0)).toBe(true);
    }
  });

  it('the XLSX of the whole set: time and the server RSS', async () => {
    const pid = shop!.pid;
    const rssBefore = rssOf(pid) ?? 0;
    let peakRss = rssBefore;
    const timer = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid) ?? 0)), 10);
    const started = performance.now();
    const res = await fetch(`${shop!.url}/api/reports/clients/export`, { headers: admin });
    expect(res.status).toBe(200);
    const chunks: Buffer[] = [];
    let firstByteMs = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (!firstByteMs) firstByteMs = performance.now() - started;
      chunks.push(Buffer.from(chunk));
    }
    const ms = performance.now() - started;
    clearInterval(timer);
    const data = Buffer.concat(chunks);
    const rows = await xlsxRowsIn(data);
    other.push({
      what: 'XLSX, no filter',
      n: 1,
      'XLSX, MiB': (data.length / MiB).toFixed(1),
      rows: rows - 1,
      'first byte, ms': Math.round(firstByteMs),
      'last byte, s': (ms / 1000).toFixed(1),
      'server RSS before, MiB': Math.round(rssBefore / MiB),
      'server RSS peak, MiB': Math.round(peakRss / MiB),
    });
    expect(rows - 1).toBe(CLIENTS + GUEST_PHONES);
  });

  it('EXPLAIN (ANALYZE, BUFFERS) of the slowest variants', async () => {
    // The SQL the server's own code builds, caught from a db that only records what it is asked.
    const caught: SQL[] = [];
    const recorder = { execute: async (query: SQL) => (caught.push(query), { rows: [] }) } as unknown as Db;
    const report = createClientsReport({
      db: recorder,
      faces: {
        clientTotals: (filter) => clientTotalsSource(filter, payablePurchasesSource()),
        orderPhones: orderPhonesSource,
        clientAccounts: clientAccountsSource,
        bonusTotals: bonusTotalsSource,
        orderRevenue: orderRevenueSource,
      },
    });
    const dialect = new PgDialect();
    const slowest = [...measured].sort((a, b) => b.p95 - a.p95).slice(0, 5);
    const wanted = [...slowest, ...measured.filter((m) => m.name.startsWith('charts') && !slowest.includes(m))];
    const plans: string[] = [];
    await withPgClient(benchUrl.href, async (c) => {
      for (const variant of wanted) {
        const params = Object.fromEntries(new URLSearchParams(variant.query));
        const filter = { sort: 'lastOrderAt', order: 'desc', ...params } as Parameters<typeof report.page>[0];
        caught.length = 0;
        if (variant.name.startsWith('charts')) await report.charts(filter);
        else await report.page({ ...filter, page: 1, pageSize: 25 });
        for (const query of caught) {
          const { sql: text, params: values } = dialect.sqlToQuery(query);
          const plan = await c.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
          plans.push(
            `-- ${variant.name} (HTTP p95 ${Math.round(variant.p95)} ms)\n${text}\n${JSON.stringify(values)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
          );
        }
      }
    });
    const file = path.join(os.tmpdir(), 'clients-report-plans.txt');
    fs.writeFileSync(file, plans.join('\n'));
    console.log(`plans of ${wanted.length} variants in ${file}`);
    expect(plans.length).toBeGreaterThan(0);
  });
});

if (!databaseUrl) {
  console.log(
    'clients report: measured on PostgreSQL only and skipped: set DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres ' +
      '(a database is created and dropped for the run)',
  );
}
