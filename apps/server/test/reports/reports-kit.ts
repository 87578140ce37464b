import {
  type ClientReportCharts,
  type ClientReportPage,
  type ClientReportRow,
  type ClientReportSortKey,
  endpoints,
} from '@vmeste/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { callUnchecked, type Headers } from '../fixtures/requests.js';

/** Short calls of the reports tests: one page, every page of a filter, the charts, the comparator the sorting must follow. */

export type ReportQuery = Record<string, string | number | boolean | undefined>;

export function queryString(query: ReportQuery): string {
  const entries = Object.entries(query).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
  return new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
}

const reportEndpoints = {
  '': endpoints.reports.clients,
  '/charts': endpoints.reports.clientsCharts,
  '/export': endpoints.reports.clientsExport,
};

export function reportRequest(app: FastifyInstance, headers: Headers, query: ReportQuery = {}, path: keyof typeof reportEndpoints = '') {
  return callUnchecked(app, reportEndpoints[path], { query: queryString(query), headers });
}

export async function reportPage(app: FastifyInstance, headers: Headers, query: ReportQuery = {}): Promise<ClientReportPage> {
  const res = await reportRequest(app, headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClientReportPage>();
}

/** Every row of a filter, page after page (pageSize 100 unless told), and the totals the pages answered. */
export async function allRows(
  app: FastifyInstance,
  headers: Headers,
  query: ReportQuery = {},
): Promise<{ rows: ClientReportRow[]; pages: ClientReportPage[] }> {
  const pages: ClientReportPage[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await reportPage(app, headers, { pageSize: 100, ...query, page });
    pages.push(answer);
    if (answer.items.length === 0 || page * Number(query.pageSize ?? 100) >= answer.total) break;
  }
  return { rows: pages.flatMap((p) => p.items), pages };
}

export async function charts(app: FastifyInstance, headers: Headers, query: ReportQuery = {}): Promise<ClientReportCharts> {
  const res = await reportRequest(app, headers, query, '/charts');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClientReportCharts>();
}

/**
 * The order the report promises, written independently of the SQL: the key's value (nulls last in
 * both directions), then the phone ascending. Strings compare by code point, as the C collation of
 * the test database does.
 */
export function compareRows(sort: ClientReportSortKey, order: 'asc' | 'desc') {
  return (a: ClientReportRow, b: ClientReportRow): number => {
    const x = a[sort];
    const y = b[sort];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const byValue = x < y ? -1 : x > y ? 1 : 0;
      if (byValue !== 0) return order === 'asc' ? byValue : -byValue;
    }
    return a.phone < b.phone ? -1 : a.phone > b.phone ? 1 : 0;
  };
}

/** The sums a totals object must hold for these rows. */
export function sumsOf(rows: ClientReportRow[]) {
  const sum = (pick: (r: ClientReportRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    clients: rows.length,
    ordersCount: sum((r) => r.ordersCount),
    goodsKopecks: sum((r) => r.goodsKopecks),
    paidKopecks: sum((r) => r.paidKopecks),
    dueKopecks: sum((r) => r.dueKopecks),
    bonusBalanceKopecks: sum((r) => r.bonusBalanceKopecks),
    cashbackKopecks: sum((r) => r.cashbackKopecks),
    referralsCount: sum((r) => r.referralsCount),
  };
}
