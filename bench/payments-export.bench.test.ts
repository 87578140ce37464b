import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../apps/server/test/fixtures/app.js';
import { signInAs } from '../apps/server/test/fixtures/demo-accounts.js';
import { createPurchase } from '../apps/server/test/fixtures/purchases-kit.js';

/**
 * «Выгрузка оплаты» of 100,000 rows, streamed over a real socket: the time to the last byte and the
 * resident memory of the process (server and, with PGlite, its database) sampled every 10 ms. The
 * rows are made with SQL; only the rows read back are asserted, never the time or the memory.
 */
const ROWS = 100_000;
const MiB = 1024 * 1024;
const mib = (bytes: number) => Math.round(bytes / MiB);

let ctx: TestContext;
let baseUrl: string;
let purchaseId: string;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  purchaseId = (await createPurchase(ctx.app, admin, { title: 'Выгрузка на сто тысяч', organizerFeePercent: 10 })).id;
  const db = ctx.database.db;
  await db.execute(sql`
    insert into orders (purchase_id, phone, client_name, goods_kopecks, organizer_fee_kopecks, total_kopecks, paid_kopecks)
    select ${purchaseId}::uuid, '79' || lpad(i::text, 9, '0'), 'Клиент ' || i, 100000 + i, 10000, 110000 + i, 110000 + i
    from generate_series(1, ${ROWS}) i`);
  await db.execute(sql`
    insert into payments (method, status, amount_kopecks, payer_phone, payer_name, paid_at, closed_at)
    select (array['card','sbp','transfer','cash'])[1 + i % 4], 'succeeded', total_kopecks, phone, client_name, now(), now()
    from (select row_number() over (order by number) i, * from orders where purchase_id = ${purchaseId}::uuid) o`);
  await db.execute(sql`
    insert into payment_items (payment_id, order_id, order_number, purchase_id, purchase_title, amount_kopecks, is_open)
    select p.id, o.id, o.number, o.purchase_id, 'Выгрузка на сто тысяч', o.total_kopecks, false
    from payments p join orders o on o.phone = p.payer_phone and o.purchase_id = ${purchaseId}::uuid`);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
}, 600_000);
afterAll(() => ctx.close());

const table: Record<string, string | number>[] = [];

async function download(query: string) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/payments/export?${query}`, { headers: admin });
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

/** Rows of the first sheet, read as a stream so the check itself does not hold the workbook. */
async function rowsIn(data: Buffer): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), { worksheets: 'emit' });
  for await (const sheet of reader) {
    for await (const _row of sheet) rows += 1;
    break;
  }
  return rows;
}

for (const [name, query] of [
  ['by purchase (orders)', () => `purchaseId=${purchaseId}`],
  ['by period (payments)', () => `from=2020-01-01&to=2099-12-31`],
] as const) {
  it(`${name}: ${ROWS} rows`, async () => {
    const run = await download(query());
    table.push({
      export: name,
      database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      'XLSX, MiB': (run.data.length / MiB).toFixed(1),
      'first byte, ms': Math.round(run.firstByteMs),
      'last byte, s': (run.ms / 1000).toFixed(1),
      'RSS before, MiB': mib(run.rssBefore),
      'RSS peak, MiB': mib(run.peakRss),
      'growth, MiB': mib(run.peakRss - run.rssBefore),
    });
    expect(await rowsIn(run.data)).toBe(ROWS + 1);
  });
}

afterAll(() => {
  const columns = Object.keys(table[0] ?? {});
  console.log(['', columns.join(' | '), ...table.map((row) => columns.map((c) => row[c]).join(' | '))].join('\n'));
});
