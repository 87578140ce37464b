import type { Readable } from 'node:stream';
import {
  type ClientReportCharts,
  type ClientReportFilter,
  type ClientReportPage,
  clientReportColumnTitles,
  formatPhone,
} from '@vmeste/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { streamSheet, type XlsxColumn } from '../../shared/xlsx-stream.js';
import type { OrderSetFilter } from '../orders/index.js';
import {
  type ClientReportSources,
  type ClientRowsFilter,
  clientReportBatches,
  filteredRowsSql,
  findClientReportPage,
  findNewClientsByWeek,
  findRevenueByWeek,
} from './clients-report.query.js';
import { moscowDayStart } from '../../shared/moscow-calendar.js';
import { addDays, chartWeeks } from './report-weeks.js';

/** What the reports area takes from the areas that own the figures: each gives its own subquery. */
export type ReportSourceFaces = {
  clientTotals: (filter: OrderSetFilter) => SQL;
  orderPhones: (filter: OrderSetFilter) => SQL;
  clientAccounts: () => SQL;
  bonusTotals: () => SQL;
  orderRevenue: () => SQL;
};

const rubles = (kopecks: number) => kopecks / 100;

/** The orders a filter counts: created in its Moscow days and of its purchase. */
function orderSetOf(filter: ClientReportFilter): OrderSetFilter {
  return {
    ...(filter.from ? { from: moscowDayStart(filter.from) } : {}),
    ...(filter.to ? { to: moscowDayStart(addDays(filter.to, 1)) } : {}),
    ...(filter.purchaseId ? { purchaseId: filter.purchaseId } : {}),
  };
}

const rowsFilterOf = (filter: ClientReportFilter): ClientRowsFilter => ({ q: filter.q, onlyDue: filter.onlyDue === 'true' });

const COLUMNS: XlsxColumn[] = [
  { header: clientReportColumnTitles.phone, width: 18 },
  { header: clientReportColumnTitles.name, width: 30 },
  { header: clientReportColumnTitles.registeredAt, width: 17, format: 'datetime' },
  { header: clientReportColumnTitles.ordersCount, width: 10, format: 'integer' },
  { header: clientReportColumnTitles.goodsKopecks, width: 15, format: 'rubles' },
  { header: clientReportColumnTitles.paidKopecks, width: 15, format: 'rubles' },
  { header: clientReportColumnTitles.dueKopecks, width: 15, format: 'rubles' },
  { header: clientReportColumnTitles.bonusBalanceKopecks, width: 13, format: 'rubles' },
  { header: clientReportColumnTitles.cashbackKopecks, width: 13, format: 'rubles' },
  { header: clientReportColumnTitles.referralsCount, width: 10, format: 'integer' },
  { header: clientReportColumnTitles.lastOrderAt, width: 17, format: 'datetime' },
];

/** The clients report: a page with the totals of the set, the weekly charts, the XLSX. */
export function createClientsReport({
  db,
  faces,
  exportThroughCursor = false,
}: {
  db: Db;
  faces: ReportSourceFaces;
  /** PostgreSQL: the XLSX reads its rows through a cursor in a transaction held while it downloads. */
  exportThroughCursor?: boolean;
}) {
  function sourcesOf(filter: ClientReportFilter): ClientReportSources {
    const orderSet = orderSetOf(filter);
    return {
      orders: faces.clientTotals(orderSet),
      accounts: faces.clientAccounts(),
      bonus: faces.bonusTotals(),
      isOrderSet: Boolean(orderSet.from || orderSet.to || orderSet.purchaseId),
    };
  }

  return {
    page(query: ClientReportFilter & { page: number; pageSize: number }): Promise<ClientReportPage> {
      return findClientReportPage(db, sourcesOf(query), {
        ...rowsFilterOf(query),
        sort: query.sort,
        order: query.order,
        page: query.page,
        pageSize: query.pageSize,
      });
    },

    async charts(filter: ClientReportFilter, now = new Date()): Promise<ClientReportCharts> {
      const weeks = chartWeeks(filter, now);
      const from = moscowDayStart(weeks[0]!);
      const to = moscowDayStart(addDays(weeks.at(-1)!, 7));
      // The period chooses the weeks; the clients are narrowed by the purchase and the search only, so
      // a year of charts does not sum a year of orders per client first.
      const sources = sourcesOf({ ...filter, from: undefined, to: undefined });
      const rowsFilter = rowsFilterOf(filter);
      const isNarrowed = Boolean(rowsFilter.q || rowsFilter.onlyDue);
      const [newClients, revenue] = await Promise.all([
        findNewClientsByWeek(db, sources, rowsFilter, from, to),
        findRevenueByWeek(db, {
          revenue: faces.orderRevenue(),
          orderPhones:
            filter.purchaseId || isNarrowed ? faces.orderPhones(filter.purchaseId ? { purchaseId: filter.purchaseId } : {}) : null,
          clients: isNarrowed ? filteredRowsSql(sources, rowsFilter) : null,
          from,
          to,
        }),
      ]);
      return {
        from: weeks[0]!,
        to: addDays(weeks.at(-1)!, 6),
        weeks: weeks.map((weekStart) => ({
          weekStart,
          newClients: newClients.get(weekStart) ?? 0,
          revenueKopecks: revenue.get(weekStart) ?? 0,
        })),
      };
    },

    export(filter: ClientReportFilter): { fileName: string; stream: Readable } {
      // Small batches through a cursor keep the export's memory flat; page by page costs a query each.
      const batches = clientReportBatches(
        db,
        sourcesOf(filter),
        { ...rowsFilterOf(filter), sort: filter.sort, order: filter.order },
        exportThroughCursor ? { cursor: true, batchSize: 250 } : { cursor: false, batchSize: 1000 },
      );
      const stream = streamSheet('Клиенты', COLUMNS, batches, (batch) =>
        batch.map((row) => [
          formatPhone(row.phone),
          row.name,
          row.registeredAt ? new Date(row.registeredAt) : null,
          row.ordersCount,
          rubles(row.goodsKopecks),
          rubles(row.paidKopecks),
          rubles(row.dueKopecks),
          rubles(row.bonusBalanceKopecks),
          rubles(row.cashbackKopecks),
          row.referralsCount,
          row.lastOrderAt ? new Date(row.lastOrderAt) : null,
        ]),
      );
      const period = filter.from || filter.to ? ` ${filter.from ?? '…'} — ${filter.to ?? '…'}` : '';
      return { fileName: `Отчёт по клиентам${period}.xlsx`, stream };
    },
  };
}

export type ClientsReport = ReturnType<typeof createClientsReport>;
