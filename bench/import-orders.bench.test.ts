import ExcelJS from 'exceljs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderLines, orders } from '../apps/server/src/tables.js';
import { createTestApp, type TestContext } from '../apps/server/test/fixtures/app.js';
import { signInAs } from '../apps/server/test/fixtures/demo-accounts.js';
import { multipart } from '../apps/server/test/fixtures/requests.js';

/**
 * 10,000 order rows (2,000 clients × 5 lines) through the real import endpoint: preview and apply,
 * as CSV and as XLSX. Prints the figures; asserts only that every row was written.
 */
const ROWS = 10_000;
const LINES_PER_CLIENT = 5;
const header = ['Телефон', 'ФИО', 'Товар', 'Артикул', 'Параметры', 'Количество', 'Цена'];

function rows(): string[][] {
  return Array.from({ length: ROWS }, (_, i) => {
    const client = Math.floor(i / LINES_PER_CLIENT);
    return [
      `79${String(100000000 + client)}`,
      `Клиент ${client}`,
      `Товар ${i % LINES_PER_CLIENT}`,
      `A-${i % 37}`,
      `размер ${(i % 6) + 40}`,
      String((i % 3) + 1),
      `${(i % 50) * 10 + 99},90`,
    ];
  });
}

function csv(): Buffer {
  return Buffer.from([header, ...rows()].map((r) => r.join(';')).join('\n'));
}

async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Заказы');
  sheet.addRow(header);
  for (const r of rows()) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const results: Record<string, string | number>[] = [];

for (const format of ['csv', 'xlsx'] as const) {
  it(`imports ${ROWS} rows from ${format.toUpperCase()}`, async () => {
    const admin = await signInAs(ctx.app, 'admin');
    const purchase = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: admin,
        payload: { title: `Бенчмарк ${format}`, organizerFeePercent: 15 },
      })
    ).json<{ id: string }>();
    const file = format === 'csv' ? csv() : await xlsx();
    const body = multipart('file', file, `orders.${format}`);
    const url = `/api/purchases/${purchase.id}/orders/import`;
    const [before] = await ctx.database.db.select({ n: count() }).from(orderLines);

    const rssBefore = process.memoryUsage().rss;
    let started = performance.now();
    const preview = await ctx.app.inject({
      method: 'POST',
      url: `${url}?dryRun=true`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    const previewMs = performance.now() - started;
    expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200);

    started = performance.now();
    const applied = await ctx.app.inject({ method: 'POST', url, headers: { ...admin, ...body.headers }, payload: body.payload });
    const applyMs = performance.now() - started;
    expect(applied.statusCode, applied.body.slice(0, 300)).toBe(200);
    const rssAfter = process.memoryUsage().rss;

    const [after] = await ctx.database.db.select({ n: count() }).from(orderLines);
    const [orderCount] = await ctx.database.db.select({ n: count() }).from(orders);
    expect(Number(after!.n) - Number(before!.n)).toBe(ROWS);
    results.push({
      format,
      database: process.env.DATABASE_URL ? 'PostgreSQL 15' : 'PGlite',
      fileKiB: Math.round(file.length / 1024),
      previewMs: Math.round(previewMs),
      applyMs: Math.round(applyMs),
      orders: Number(orderCount!.n),
      rssGrowthMiB: Math.round((rssAfter - rssBefore) / 1024 / 1024),
    });
  });
}

afterAll(() => {
  console.table(results);
});
