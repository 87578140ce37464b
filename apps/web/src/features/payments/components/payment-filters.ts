import { type PaymentListQuery, type PaymentMethod, paymentMethods, type PaymentStatus, paymentStatuses } from '@vmeste/contract';

/** The admin's filters as they live in the address: what the list endpoint takes, and the page. */
export type PaymentFilters = {
  status?: PaymentStatus;
  method?: PaymentMethod;
  purchaseId?: string;
  from?: string;
  to?: string;
  phone?: string;
  page: number;
};

export const filterKeys = ['status', 'method', 'purchaseId', 'from', 'to', 'phone'] as const;
export type FilterKey = (typeof filterKeys)[number];

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Reads the filters from the address, dropping whatever the server would refuse (a hand-edited or old
 * link shows the unfiltered list rather than an error).
 */
export function paymentFiltersOf(params: URLSearchParams): PaymentFilters {
  const filters: PaymentFilters = { page: 1 };
  const status = params.get('status');
  if (status && (paymentStatuses as readonly string[]).includes(status)) filters.status = status as PaymentStatus;
  const method = params.get('method');
  if (method && (paymentMethods as readonly string[]).includes(method)) filters.method = method as PaymentMethod;
  const purchaseId = params.get('purchaseId');
  if (purchaseId && isUuid(purchaseId)) filters.purchaseId = purchaseId;
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && isDate(from) && isDate(to)) {
    [filters.from, filters.to] = from <= to ? [from, to] : [to, from];
  }
  const phone = params.get('phone')?.replace(/\D/g, '');
  if (phone) filters.phone = phone;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  return filters;
}

/** The list request for the filters. */
export function paymentListQueryOf(filters: PaymentFilters, pageSize: number): PaymentListQuery {
  return { ...filters, pageSize };
}

/**
 * The address after one filter changes: an empty value removes it, and any filter change goes back to
 * the first page (the old page number may not exist in the new selection).
 */
export function withFilters(params: URLSearchParams, changes: Partial<Record<FilterKey | 'page', string | null>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

export function hasFilters(filters: PaymentFilters): boolean {
  return filterKeys.some((key) => filters[key] !== undefined);
}
