import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { count, countDistinct, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderLines, orders } from '../apps/server/src/tables.js';
import { createTestApp, type TestContext } from '../apps/server/test/fixtures/app.js';
import { signInAs } from '../apps/server/test/fixtures/demo-accounts.js';
import { multipart } from '../apps/server/test/fixtures/requests.js';

/**
 * The largest import the shop takes (50,000 rows, the contract's IMPORT_MAX_ROWS) and files beyond it,
 * through a listening server, while a worker thread asks `GET /api/health` every 20 ms: how long the
 * preview and the apply take, and how long the health check waits meanwhile (its own event loop sends
 * on time even when the server's is blocked). Prints the figures; asserts only what was written.
 */
const CLIENTS = 10_000;
const header = ['Телефон', 'ФИО', 'Товар', 'Артикул', 'Параметры', 'Количество', 'Цена'];

/** Rows of `clients` clients, each client's lines far apart (row i belongs to client i % clients). */
function rows(total: number, clients: number): string[][] {
  return Array.from({ length: total }, (_, i) => {
    const client = i % clients;
    const line = Math.floor(i / clients);
    const digits = String(client).padStart(7, '0');
    return [
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

/** As Excel writes it: shared strings, numbers as numbers. */
async function xlsx(table: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Заказы');
  sheet.addRow(header);
  for (const r of table) sheet.addRow([r[0], r[1], r[2], r[3], r[4], Number(r[5]), Number(r[6]!.replace(',', '.'))]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Windows-1251 of ASCII and Russian letters (all this file writes): А–я are 0xC0–0xFF, Ё 0xA8, ё 0xB8. */
function windows1251(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (c) => {
      const code = c.charCodeAt(0);
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (c === 'Ё') return 0xa8;
      if (c === 'ё') return 0xb8;
      throw new Error(`no Windows-1251 byte for ${c}`);
    }),
  );
}

/** As Russian Excel saves CSV: Windows-1251 and `;`. */
function csv(table: string[][]): Buffer {
  return windows1251([header, ...table].map((r) => r.join(';')).join('\r\n'));
}

/**
 * Sends GET /api/health every 20 ms from its own thread; on a message it stops sending, waits for the
 * answers still due (a blocked server gives them late, which is what is measured) and posts each
 * request's time in ms.
 */
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let sent = 0;
const timer = setInterval(() => {
  sent += 1;
  const started = performance.now();
  fetch(workerData.url)
    .then((r) => r.arrayBuffer())
    .then(() => latencies.push(performance.now() - started), () => latencies.push(Infinity));
}, 20);
parentPort.on('message', () => {
  clearInterval(timer);
  const wait = () => (latencies.length >= sent ? parentPort.postMessage(latencies) : setTimeout(wait, 5));
  wait();
});
`;

function startHealthSampler(url: string): { stop(): Promise<number[]> } {
  const worker = new Worker(SAMPLER, { eval: true, workerData: { url } });
  return {
    async stop() {
      const result = new Promise<number[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const latencies = await result;
      await worker.terminate();
      return latencies;
    },
  };
}

/**
 * With BENCH_CPU_PROFILE=<folder>, a CPU profile of each request is written there (open it in Chrome's
 * DevTools or speedscope): where the server's thread went while the health check waited.
 */
async function startProfile(): Promise<{ stop(name: string): Promise<void> }> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return { async stop() {} };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return {
    async stop(name) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(folder, `${name.replace(/[^a-z0-9.]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

let ctx: TestContext;
let baseUrl: string;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

const table: Record<string, string | number>[] = [];

async function newPurchase(title: string): Promise<string> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: admin,
    payload: { title, organizerFeePercent: 12.5 },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string }>().id;
}

/** One request with the health check sampled meanwhile; a row of the table. */
async function timed(label: string, purchaseId: string, file: Buffer, name: string, dryRun: boolean) {
  const body = multipart('file', file, name);
  const sampler = startHealthSampler(`${baseUrl}/api/health`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const profile = await startProfile();
  // The longest the server's thread held everything else: what the health check's worst wait is made of.
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/purchases/${purchaseId}/orders/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { ...admin, ...body.headers },
    body: body.payload,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  stalls.disable();
  await profile.stop(`${label}-${name}`);
  const latencies = (await sampler.stop()).sort((a, b) => a - b);
  table.push({
    case: label,
    file: `${name.split('.').pop()!.toUpperCase()}, ${(file.length / 1024 / 1024).toFixed(1)} MiB`,
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    status: response.status,
    seconds: (ms / 1000).toFixed(2),
    'health samples': latencies.length,
    'health p50, ms': Math.round(percentile(latencies, 50)),
    'health p95, ms': Math.round(percentile(latencies, 95)),
    'health p99, ms': Math.round(percentile(latencies, 99)),
    'health max, ms': Math.round(latencies.at(-1)!),
    'longest stall, ms': Math.round(stalls.max / 1e6),
  });
  return { status: response.status, text };
}

async function written(purchaseId: string) {
  const [row] = await ctx.database.db
    .select({ lines: count(), orders: countDistinct(orderLines.orderId) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.purchaseId, purchaseId));
  return { lines: Number(row!.lines), orders: Number(row!.orders) };
}

it('refuses 200,000 rows of XLSX and 130,000 of CSV, both previewed and applied', async () => {
  const purchaseId = await newPurchase('Слишком длинный файл');
  const big = rows(200_000, 40_000);
  const bigXlsx = await xlsx(big);
  const bigCsv = csv(big.slice(0, 130_000));
  for (const [file, name] of [
    [bigXlsx, 'orders.xlsx'],
    [bigCsv, 'orders.csv'],
  ] as const) {
    for (const dryRun of [true, false]) {
      const { status, text } = await timed(
        `${name.endsWith('xlsx') ? '200,000' : '130,000'} rows, ${dryRun ? 'preview' : 'apply'}`,
        purchaseId,
        file,
        name,
        dryRun,
      );
      expect(status, text.slice(0, 300)).toBe(413);
    }
  }
  expect(await written(purchaseId)).toEqual({ lines: 0, orders: 0 });
});

for (const format of ['xlsx', 'csv'] as const) {
  it(`${format.toUpperCase()}: 50,000 rows of ${CLIENTS} clients previewed, applied, and applied again`, async () => {
    const purchaseId = await newPurchase(`Большой импорт ${format}`);
    const data = rows(50_000, CLIENTS);
    const file = format === 'xlsx' ? await xlsx(data) : csv(data);
    const name = `orders.${format}`;
    const preview = await timed('50,000 rows, preview', purchaseId, file, name, true);
    expect(preview.status, preview.text.slice(0, 300)).toBe(200);
    expect(JSON.parse(preview.text)).toMatchObject({ rowsCount: 50_000, errorsCount: 0, linesAdded: 50_000 });
    const applied = await timed('50,000 rows, apply', purchaseId, file, name, false);
    expect(applied.status, applied.text.slice(0, 300)).toBe(200);
    expect(await written(purchaseId)).toEqual({ lines: 50_000, orders: CLIENTS });
    const again = await timed('50,000 rows, apply again (nothing changes)', purchaseId, file, name, false);
    expect(again.status, again.text.slice(0, 300)).toBe(200);
    expect(JSON.parse(again.text)).toMatchObject({ linesAdded: 0, linesChanged: 0, linesUnchanged: 50_000 });
    expect(await written(purchaseId)).toEqual({ lines: 50_000, orders: CLIENTS });
  });
}

afterAll(() => {
  const columns = Object.keys(table[0] ?? {});
  console.log(['', columns.join(' | '), ...table.map((row) => columns.map((c) => row[c]).join(' | '))].join('\n'));
});
