import { type ClientReportSortKey, clientReportSortKeys, REPORT_PAGE_SIZES } from '@vmeste/contract';
import type { ClientsReportFilterQuery, ClientsReportQuery } from '../api/keys';

export type ReportPageSize = (typeof REPORT_PAGE_SIZES)[number];
export type SortOrder = 'asc' | 'desc';

/** The report's filters, order and page as they live in the address, so a report can be sent as a link. */
export type ClientReportFilters = {
  from?: string;
  to?: string;
  purchaseId?: string;
  q?: string;
  onlyDue: boolean;
  sort: ClientReportSortKey;
  order: SortOrder;
  page: number;
  pageSize: ReportPageSize;
};

export const DEFAULT_SORT: ClientReportSortKey = 'lastOrderAt';
export const DEFAULT_ORDER: SortOrder = 'desc';
export const DEFAULT_PAGE_SIZE: ReportPageSize = 25;

/** What narrows the set of clients; «Сбросить» clears these and keeps the order and the page size. */
export const filterKeys = ['from', 'to', 'purchaseId', 'q', 'onlyDue'] as const;
export type ParamKey = (typeof filterKeys)[number] | 'sort' | 'order' | 'page' | 'pageSize';

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Reads the report's state from the address, dropping whatever the server would refuse: a hand-edited
 * or old link shows the report without that filter rather than an error.
 */
export function reportFiltersOf(params: URLSearchParams): ClientReportFilters {
  const filters: ClientReportFilters = {
    onlyDue: params.get('onlyDue') === 'true',
    sort: DEFAULT_SORT,
    order: DEFAULT_ORDER,
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  const from = params.get('from');
  const to = params.get('to');
  const validFrom = from && isDate(from) ? from : undefined;
  const validTo = to && isDate(to) ? to : undefined;
  if (validFrom && validTo && validFrom > validTo) [filters.from, filters.to] = [validTo, validFrom];
  else {
    if (validFrom) filters.from = validFrom;
    if (validTo) filters.to = validTo;
  }
  const purchaseId = params.get('purchaseId');
  if (purchaseId && isUuid(purchaseId)) filters.purchaseId = purchaseId;
  const q = params.get('q')?.trim().slice(0, 100);
  if (q) filters.q = q;
  const sort = params.get('sort');
  if (sort && (clientReportSortKeys as readonly string[]).includes(sort)) filters.sort = sort as ClientReportSortKey;
  const order = params.get('order');
  if (order === 'asc' || order === 'desc') filters.order = order;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  const pageSize = Number(params.get('pageSize'));
  if ((REPORT_PAGE_SIZES as readonly number[]).includes(pageSize)) filters.pageSize = pageSize as ReportPageSize;
  return filters;
}

/** The filters alone, as the charts take them. */
export function filterQueryOf(filters: ClientReportFilters): ClientsReportFilterQuery {
  const query: ClientsReportFilterQuery = {};
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.purchaseId) query.purchaseId = filters.purchaseId;
  if (filters.q) query.q = filters.q;
  if (filters.onlyDue) query.onlyDue = 'true';
  return query;
}

/** The filters and the order, as the XLSX takes them: every filtered row in the order of the table. */
export function exportQueryOf(filters: ClientReportFilters): ClientsReportFilterQuery {
  return { ...filterQueryOf(filters), sort: filters.sort, order: filters.order };
}

/** The page request of the table. */
export function pageQueryOf(filters: ClientReportFilters): ClientsReportQuery {
  return { ...exportQueryOf(filters), page: filters.page, pageSize: filters.pageSize };
}

/**
 * The address after some values change: an empty value (or a default) removes its key, and any change
 * but the page itself goes back to the first page (the old page number may not exist in the new set).
 */
export function withChanges(params: URLSearchParams, changes: Partial<Record<ParamKey, string | null>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    const isDefault =
      (key === 'onlyDue' && value !== 'true') ||
      (key === 'page' && value === '1') ||
      (key === 'pageSize' && value === String(DEFAULT_PAGE_SIZE));
    if (value && !isDefault) next.set(key, value);
    else next.delete(key);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** The address without the filters: the order and the page size stay, the page goes back to the first. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  return withChanges(params, Object.fromEntries(filterKeys.map((key) => [key, null])));
}

export function hasFilters(filters: ClientReportFilters): boolean {
  return Boolean(filters.from || filters.to || filters.purchaseId || filters.q || filters.onlyDue);
}
