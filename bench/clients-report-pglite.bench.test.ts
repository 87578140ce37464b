import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../apps/server/src/db/client.js';
import { createTestApp, isPostgresRun, type TestContext } from '../apps/server/test/fixtures/app.js';
import { signInAs } from '../apps/server/test/fixtures/demo-accounts.js';
import { generationOf, uuidOf } from './clients-report-data.js';
import { xlsxRowsIn } from './shop-process.js';

/**
 * «Отчёт по клиентам» on the embedded PGlite (the database of `npm start` without DATABASE_URL) with a
 * tenth of the PostgreSQL bench's data: 10,000 clients, 100 purchases, 100,000 orders, made by the same
 * statements. Through the app in this process (`inject`): p50/p95 of a page for each single filter and
 * sort, of the charts, and the XLSX of the whole set. Asserts only counts, never time.
 */
// 10,501 phones: coprime with the generator's step of 105, so a purchase's 1,000 orders have 1,000 phones.
const SIZE = { clients: 10_000, guestPhones: 501, purchases: 100, ordersPerPurchase: 1_000, phoneOffset: 100_000_000 };
const REQUESTS = 10;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

describe.skipIf(isPostgresRun)('the clients report on PGlite: 10,000 clients and 100,000 orders', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  const results: Record<string, string | number>[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signInAs(ctx.app, 'admin');
    for (const [step, statement] of generationOf(SIZE)) {
      const started = performance.now();
      await ctx.database.db.execute(sql.raw(statement));
      results.push({ what: `generate: ${step}`, ms: Math.round(performance.now() - started) });
    }
  }, 600_000);
  afterAll(async () => {
    console.table(results);
    await ctx?.close();
  });

  async function timed(url: string): Promise<{ ms: number; body: string }> {
    const started = performance.now();
    const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
    const ms = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return { ms, body: res.body };
  }

  it('the page and the charts: each single filter', async () => {
    // The orders of this size span the 72 days from two years ago: a month of them is the period.
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const [purchase] = rowsOf<{ id: string }>(await ctx.database.db.execute(sql.raw(`select ${uuidOf(`'p' || 50`)} as id`)));
    const purchaseId = purchase!.id;
    const filters: [string, string][] = [
      ['none', ''],
      ['a month of orders', `from=${day(729)}&to=${day(700)}`],
      ['purchase', `purchaseId=${purchaseId}`],
      ['q phone digits', 'q=4512'],
      ['q name', `q=${encodeURIComponent('Смирн')}`],
      ['onlyDue', 'onlyDue=true'],
    ];
    for (const [name, filter] of filters) {
      for (const sort of ['sort=lastOrderAt&order=desc', 'sort=paidKopecks&order=desc', 'sort=name&order=asc']) {
        const url = `/api/reports/clients?${[filter, sort, 'pageSize=25'].filter(Boolean).join('&')}`;
        await timed(url);
        const times: number[] = [];
        let total = 0;
        for (let i = 0; i < REQUESTS; i += 1) {
          const { ms, body } = await timed(url);
          times.push(ms);
          total = (JSON.parse(body) as { total: number }).total;
        }
        results.push({
          what: `page, ${name}, ${sort}`,
          clients: total,
          p50: Math.round(percentile(times, 0.5)),
          p95: Math.round(percentile(times, 0.95)),
        });
        if (name === 'none') expect(total).toBeGreaterThanOrEqual(SIZE.clients + SIZE.guestPhones);
      }
      const charts: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) charts.push((await timed(`/api/reports/clients/charts?${filter}`)).ms);
      results.push({ what: `charts, ${name}`, p50: Math.round(percentile(charts, 0.5)), p95: Math.round(percentile(charts, 0.95)) });
    }
  }, 600_000);

  it('the XLSX of the whole set', async () => {
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = performance.now();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/reports/clients/export', headers: admin });
    const ms = performance.now() - started;
    clearInterval(timer);
    expect(res.statusCode).toBe(200);
    const rows = await xlsxRowsIn(res.rawPayload);
    expect(rows - 1).toBeGreaterThanOrEqual(SIZE.clients + SIZE.guestPhones);
    results.push({
      what: 'XLSX, no filter',
      clients: rows - 1,
      ms: Math.round(ms),
      'rss before, MiB': Math.round(rssBefore / 2 ** 20),
      'rss peak, MiB': Math.round(peak / 2 ** 20),
    });
  }, 600_000);
});
