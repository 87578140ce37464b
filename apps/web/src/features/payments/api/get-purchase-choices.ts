import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { purchasesKeys } from '@/features/purchases';
import { callEndpoint } from '@/lib/api-client';

const CHOICES_PAGE_SIZE = 50;

// The purchases feature does not export its list hook yet; this reads the same endpoint for the
// payment filters and the export until it does (then this file goes and the hook is imported).
export function getPurchaseChoices(search: string) {
  return callEndpoint(endpoints.purchases.list, { query: { search: search || undefined, page: 1, pageSize: CHOICES_PAGE_SIZE } });
}

export const purchaseChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...purchasesKeys.all, 'choices', search] as const,
    queryFn: () => getPurchaseChoices(search),
    placeholderData: keepPreviousData,
  });

/** Purchases to pick from by part of the title, newest first as the list gives them. */
export function usePurchaseChoices(search: string) {
  return useQuery(purchaseChoicesQueryOptions(search));
}
