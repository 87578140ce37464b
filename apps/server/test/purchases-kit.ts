import { count } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { orderLines, orders } from '../src/db/schema.js';
import type { TestContext } from './helpers.js';

/**
 * Shared pieces of the purchases, cards and orders tests: multipart bodies, files in the formats
 * people upload, and short calls for the admin API.
 */

export type Headers = Record<string, string>;

export const NIL_UUID = '00000000-0000-4000-8000-000000000000';

/** One part named `name` (a file when `filename` is given), as a browser's FormData would send it. */
export function multipart(
  name: string,
  content: Buffer | string,
  filename: string | null = 'file.bin',
  type = 'application/octet-stream',
): { payload: Buffer; headers: Headers } {
  const boundary = '----vmeste' + Math.random().toString(16).slice(2);
  const disposition = filename === null ? `form-data; name="${name}"` : `form-data; name="${name}"; filename="${filename}"`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${filename === null ? '' : `Content-Type: ${type}\r\n`}\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Windows-1251 bytes of a text with ASCII and Russian letters only (what Russian Excel saves as CSV). */
export function encodeWindows1251(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x0410 && code <= 0x044f) bytes.push(code - 0x0410 + 0xc0);
    else if (char === 'Ё') bytes.push(0xa8);
    else if (char === 'ё') bytes.push(0xb8);
    else throw new Error(`no windows-1251 byte for ${char}`);
  }
  return Buffer.from(bytes);
}

export async function createPurchase(app: FastifyInstance, admin: Headers, body: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url: '/api/purchases', headers: admin, payload: { title: 'Закупка', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PurchaseJson>();
}

export async function setStatus(app: FastifyInstance, admin: Headers, id: string, status: string) {
  return app.inject({ method: 'POST', url: `/api/purchases/${id}/status`, headers: admin, payload: { status } });
}

/** Walks a purchase along the lifecycle from where it is up to `target` (each step must succeed). */
export async function walkTo(app: FastifyInstance, admin: Headers, id: string, target: string) {
  const path = ['open', 'stopped', 'payment', 'ordered', 'in_transit', 'at_warehouse', 'distribution', 'completed'];
  if (target === 'draft') return;
  if (target === 'canceled') {
    const res = await setStatus(app, admin, id, 'canceled');
    expect(res.statusCode, res.body).toBe(200);
    return;
  }
  const current = (await app.inject({ method: 'GET', url: `/api/purchases/${id}`, headers: admin })).json<{ status: string }>().status;
  for (const status of path.slice(path.indexOf(current) + 1)) {
    const res = await setStatus(app, admin, id, status);
    expect(res.statusCode, res.body).toBe(200);
    if (status === target) return;
  }
  throw new Error(`unknown status ${target}`);
}

export function importFile(
  app: FastifyInstance,
  admin: Headers,
  purchaseId: string,
  content: Buffer | string,
  options: { dryRun?: boolean; filename?: string } = {},
): Promise<LightMyRequestResponse> {
  const body = multipart('file', content, options.filename ?? 'orders.csv', 'text/csv');
  return app.inject({
    method: 'POST',
    url: `/api/purchases/${purchaseId}/orders/import${options.dryRun ? '?dryRun=true' : ''}`,
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
}

export async function listOrdersOf(app: FastifyInstance, admin: Headers, purchaseId: string): Promise<OrderJson[]> {
  const res = await app.inject({ method: 'GET', url: `/api/orders?purchaseId=${purchaseId}&pageSize=100`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: OrderJson[] }>().items;
}

export async function countOrderRows(ctx: TestContext): Promise<{ orders: number; lines: number }> {
  const { db } = ctx.database;
  const [o] = await db.select({ n: count() }).from(orders);
  const [l] = await db.select({ n: count() }).from(orderLines);
  return { orders: Number(o?.n), lines: Number(l?.n) };
}

export const IMPORT_HEADER = ['Телефон', 'ФИО', 'Товар', 'Артикул', 'Параметры', 'Количество', 'Цена'];

export function csvOf(rows: string[][], delimiter = ';'): string {
  return rows.map((r) => r.join(delimiter)).join('\r\n') + '\r\n';
}

export type PurchaseJson = {
  id: string;
  title: string;
  description: string;
  supplier: string;
  status: string;
  organizerFeePercent: number;
  paymentDeadline: string | null;
  cardId: string | null;
  isCashbackExcluded: boolean;
  showOnMain: boolean;
  mainOrder: number;
  coverUrl: string | null;
  coverThumbUrl: string | null;
  ordersCount: number;
  dueKopecks: number;
  paidKopecks: number;
  createdAt: string;
};

export type OrderLineJson = {
  id: string;
  product: string;
  article: string;
  options: string;
  quantity: number;
  unitPriceKopecks: number;
  totalKopecks: number;
};

export type OrderJson = {
  id: string;
  number: number;
  purchase: { id: string; title: string; status: string; paymentDeadline: string | null };
  phone: string;
  clientName: string;
  hasAccount: boolean;
  isCanceled: boolean;
  lines: OrderLineJson[];
  goodsKopecks: number;
  organizerFeePercent: number;
  organizerFeeKopecks: number;
  totalKopecks: number;
  paidKopecks: number;
  dueKopecks: number;
  paymentState: string;
  fulfilmentStatus: string;
  createdAt: string;
};

export type ImportRowJson = {
  rowNumber: number;
  phone: string | null;
  clientName: string;
  product: string;
  article: string;
  options: string;
  quantity: number | null;
  unitPriceKopecks: number | null;
  totalKopecks: number | null;
  accountName: string | null;
  errors: string[];
};

export type ImportResultJson = {
  isApplied: boolean;
  rowsCount: number;
  errorsCount: number;
  rows: ImportRowJson[];
  orders: {
    phone: string;
    clientName: string;
    accountName: string | null;
    linesCount: number;
    goodsKopecks: number;
    organizerFeeKopecks: number;
    totalKopecks: number;
  }[];
  goodsKopecks: number;
  totalKopecks: number;
};

export type CardJson = {
  id: string;
  bank: string;
  holderName: string;
  number: string;
  numberMasked: string;
  sbpPhone: string | null;
  isActive: boolean;
  createdAt: string;
};
