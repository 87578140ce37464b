import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys, type CashbackPurchasesQuery } from './keys';

export function getCashbackPurchases(query: CashbackPurchasesQuery) {
  return callEndpoint(endpoints.bonus.purchases, { query });
}

/** A page of purchases with their «без кешбэка» mark, by title or supplier; the previous page stays while the next loads. */
export const cashbackPurchasesQueryOptions = (query: CashbackPurchasesQuery) =>
  queryOptions({ queryKey: bonusKeys.purchases(query), queryFn: () => getCashbackPurchases(query), placeholderData: keepPreviousData });

export function useCashbackPurchases(query: CashbackPurchasesQuery) {
  return useQuery(cashbackPurchasesQueryOptions(query));
}
