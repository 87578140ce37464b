import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { reportsKeys } from './keys';

const CHOICES_PAGE_SIZE = 50;

// The purchases feature does not export its list hook; the report reads the same endpoint for its
// purchase filter (features do not reach into each other's files).
export function getPurchaseChoices(search: string) {
  return callEndpoint(endpoints.purchases.list, { query: { search: search || undefined, page: 1, pageSize: CHOICES_PAGE_SIZE } });
}

export const purchaseChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: reportsKeys.purchaseChoices(search),
    queryFn: () => getPurchaseChoices(search),
    placeholderData: keepPreviousData,
  });

/** Purchases to pick from by part of the title, newest first as the list gives them. */
export function usePurchaseChoices(search: string) {
  return useQuery(purchaseChoicesQueryOptions(search));
}
