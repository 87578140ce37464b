import ExcelJS from 'exceljs';
import { count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderLines, orders } from '../apps/server/src/tables.js';
import { createTestApp, type TestContext } from '../apps/server/test/fixtures/app.js';
import { signInAs } from '../apps/server/test/fixtures/demo-accounts.js';
import { multipart } from '../apps/server/test/fixtures/requests.js';

/**
 * The 10,000-row import again, with the memory seen from outside: resident memory before the preview,
 * after the apply and at its peak (sampled every 5 ms while the requests run), per file format.
 * Each format goes into its own purchase; only the rows written are asserted, never the time.
 */
const ROWS = 10_000;
const CLIENTS = 2_000;
const header = ['Телефон', 'ФИО', 'Товар', 'Артикул', 'Параметры', 'Количество', 'Цена'];

function rows(): string[][] {
  return Array.from({ length: ROWS }, (_, i) => {
    const client = i % CLIENTS;
    const line = Math.floor(i / CLIENTS);
    const digits = `0${String(client).padStart(6, '0')}`;
    return [
      // Phones as people type them: +7 (912) 000-12-34.
      `+7 (912) ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`,
      `Клиент ${client}`,
      `Товар ${line}`,
      `A-${(i * 7) % 101}`,
      `размер ${(i % 6) + 40}`,
      String((i % 4) + 1),
      `${(i % 90) * 10 + 49},${String(i % 100).padStart(2, '0')}`,
    ];
  });
}

async function file(format: 'csv' | 'xlsx'): Promise<Buffer> {
  if (format === 'csv') return Buffer.from([header, ...rows()].map((r) => r.join(';')).join('\r\n'));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Заказы');
  sheet.addRow(header);
  for (const r of rows()) sheet.addRow([r[0], r[1], r[2], r[3], r[4], Number(r[5]), Number(r[6]!.replace(',', '.'))]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const MiB = 1024 * 1024;
const mib = (bytes: number) => Math.round(bytes / MiB);

/** Runs `work` while sampling the resident memory; answers its result, time and peak. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakRss: number }> {
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, peakRss: Math.max(peakRss, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const table: Record<string, string | number>[] = [];

for (const format of ['csv', 'xlsx'] as const) {
  it(`${format.toUpperCase()}: ${ROWS} rows, ${CLIENTS} clients`, async () => {
    const admin = await signInAs(ctx.app, 'admin');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: admin,
      payload: { title: `Память ${format}`, organizerFeePercent: 12.5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const purchaseId = created.json<{ id: string }>().id;
    const data = await file(format);
    const body = multipart('file', data, `orders.${format}`);
    const url = `/api/purchases/${purchaseId}/orders/import`;
    const send = (query: string) =>
      ctx.app.inject({ method: 'POST', url: url + query, headers: { ...admin, ...body.headers }, payload: body.payload });

    const rssBefore = process.memoryUsage().rss;
    const preview = await measured(() => send('?dryRun=true'));
    expect(preview.result.statusCode, preview.result.body.slice(0, 300)).toBe(200);
    expect(preview.result.json<{ rowsCount: number; errorsCount: number }>()).toMatchObject({ rowsCount: ROWS, errorsCount: 0 });
    const applied = await measured(() => send(''));
    expect(applied.result.statusCode, applied.result.body.slice(0, 300)).toBe(200);
    const rssAfter = process.memoryUsage().rss;

    const [written] = await ctx.database.db
      .select({ lines: count(), orders: countDistinct(orderLines.orderId) })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.purchaseId, purchaseId));
    expect({ lines: Number(written!.lines), orders: Number(written!.orders) }).toEqual({ lines: ROWS, orders: CLIENTS });

    table.push({
      file: `${format.toUpperCase()}, ${Math.round(data.length / 1024)} KiB`,
      database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      'preview, ms': Math.round(preview.ms),
      'apply, ms': Math.round(applied.ms),
      'RSS before, MiB': mib(rssBefore),
      'RSS peak, MiB': mib(Math.max(preview.peakRss, applied.peakRss)),
      'RSS after, MiB': mib(rssAfter),
    });
  });
}

afterAll(() => {
  const columns = Object.keys(table[0] ?? {});
  console.log(['', columns.join(' | '), ...table.map((row) => columns.map((c) => row[c]).join(' | '))].join('\n'));
});
