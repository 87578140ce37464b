import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Server, shopMain, signInAs, startServer, warnIfShopBuildIsStale, withPgClient, rssOf, xlsxRowsIn } from './shop-process.js';

/**
 * «Выгрузка оплаты» of 100,000 rows from the built shop running in its own process on PostgreSQL:
 * the time to the first and the last byte, and the resident memory of the server process alone
 * (VmRSS from /proc, sampled every 10 ms) before and at its peak. The rows are made with SQL in a
 * database created for the run; only the rows read back are asserted, never the time or the memory.
 */
const ROWS = 100_000;
const MiB = 1024 * 1024;
const mib = (bytes: number) => Math.round(bytes / MiB);
const databaseUrl = process.env.DATABASE_URL;
const ADMIN = { phone: '79990000001', password: 'bench-admin-pass' };

describe.skipIf(!databaseUrl)(`the payments XLSX of ${ROWS} rows, streamed by the shop on PostgreSQL`, () => {
  const databaseName = `vmeste_bench_export_${process.pid}`;
  const benchUrl = new URL(databaseUrl ?? 'postgres://localhost/none');
  benchUrl.pathname = `/${databaseName}`;
  let shop: Server | undefined;
  let admin: Record<string, string>;
  let purchaseId: string;
  const table: Record<string, string | number>[] = [];

  beforeAll(async () => {
    warnIfShopBuildIsStale();
    await withPgClient(databaseUrl!, async (c) => {
      await c.query(`drop database if exists ${databaseName} with (force)`);
      await c.query(`create database ${databaseName}`);
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-bench-export-'));
    shop = await startServer('shop', shopMain, {
      DATABASE_URL: benchUrl.href,
      DATA_DIR: dataDir,
      // No demo data: the export holds only the rows made here, and the admin comes from the configuration.
      SEED_DEMO: '0',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JOBS_ENABLED: 'false',
      NODE_OPTIONS: process.env.BENCH_SHOP_NODE_OPTIONS,
    });
    admin = await signInAs(shop.url, ADMIN);
    const created = await fetch(`${shop.url}/api/purchases`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Выгрузка на сто тысяч', supplier: 'ООО «Поставщик»', organizerFeePercent: 10 }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    purchaseId = ((await created.json()) as { id: string }).id;
    await withPgClient(benchUrl.href, async (c) => {
      await c.query(
        `insert into orders (purchase_id, phone, client_name, goods_kopecks, organizer_fee_kopecks, total_kopecks, paid_kopecks)
         select $1::uuid, '79' || lpad(i::text, 9, '0'), 'Клиент ' || i, 100000 + i, 10000, 110000 + i, 110000 + i
         from generate_series(1, ${ROWS}) i`,
        [purchaseId],
      );
      await c.query(
        `insert into payments (method, status, amount_kopecks, payer_phone, payer_name, paid_at, closed_at)
         select (array['card','sbp','transfer','cash'])[1 + i % 4], 'succeeded', total_kopecks, phone, client_name, now(), now()
         from (select row_number() over (order by number) i, * from orders where purchase_id = $1::uuid) o`,
        [purchaseId],
      );
      await c.query(
        `insert into payment_items (payment_id, order_id, order_number, purchase_id, purchase_title, amount_kopecks, is_open)
         select p.id, o.id, o.number, o.purchase_id, 'Выгрузка на сто тысяч', o.total_kopecks, false
         from payments p join orders o on o.phone = p.payer_phone and o.purchase_id = $1::uuid`,
        [purchaseId],
      );
      await c.query('analyze');
    });
  }, 600_000);

  afterAll(async () => {
    await shop?.stop();
    await withPgClient(databaseUrl!, (c) => c.query(`drop database if exists ${databaseName} with (force)`));
    const columns = Object.keys(table[0] ?? {});
    console.log(['', columns.join(' | '), ...table.map((row) => columns.map((c) => row[c]).join(' | '))].join('\n'));
  });

  async function download(query: string) {
    const pid = shop!.pid;
    const rssBefore = rssOf(pid) ?? 0;
    let peakRss = rssBefore;
    const timer = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid) ?? 0)), 10);
    const started = performance.now();
    const res = await fetch(`${shop!.url}/api/payments/export?${query}`, { headers: admin });
    expect(res.status).toBe(200);
    const chunks: Buffer[] = [];
    let firstByteMs = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (!firstByteMs) firstByteMs = performance.now() - started;
      chunks.push(Buffer.from(chunk));
    }
    const ms = performance.now() - started;
    clearInterval(timer);
    return { data: Buffer.concat(chunks), ms, firstByteMs, rssBefore, peakRss };
  }

  // Each export twice: the first run in a fresh process includes loading ExcelJS and warming up.
  for (const [name, query] of [
    ['by purchase (orders)', () => `purchaseId=${purchaseId}`],
    ['by period (payments)', () => `from=2020-01-01&to=2099-12-31`],
  ] as const) {
    for (const run of [1, 2]) {
      it(`${name}, run ${run}`, async () => {
        const result = await download(query());
        table.push({
          export: name,
          run,
          'XLSX, MiB': (result.data.length / MiB).toFixed(1),
          'first byte, ms': Math.round(result.firstByteMs),
          'last byte, s': (result.ms / 1000).toFixed(1),
          'server RSS before, MiB': mib(result.rssBefore),
          'server RSS peak, MiB': mib(result.peakRss),
        });
        expect(await xlsxRowsIn(result.data)).toBe(ROWS + 1);
      });
    }
  }
});

if (!databaseUrl) {
  console.log(
    'payments export: measured on PostgreSQL only (the server runs in its own process) and skipped: ' +
      'set DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (a database is created and dropped for the run)',
  );
}
