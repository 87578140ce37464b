import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { type PurchaseListQuery, purchasesKeys } from './keys';

export function getPurchases(query: PurchaseListQuery) {
  return callEndpoint(endpoints.purchases.list, { query });
}

/** A page of purchases; the previous page stays on screen while the next one loads. */
export const purchasesQueryOptions = (query: PurchaseListQuery) =>
  queryOptions({ queryKey: purchasesKeys.list(query), queryFn: () => getPurchases(query), placeholderData: keepPreviousData });

export function usePurchases(query: PurchaseListQuery) {
  return useQuery(purchasesQueryOptions(query));
}

const CHOICES_PAGE_SIZE = 50;

/** Purchases to pick from by part of the title, newest first as the list gives them. */
export function usePurchaseChoices(search: string) {
  return usePurchases({ search: search || undefined, page: 1, pageSize: CHOICES_PAGE_SIZE });
}
