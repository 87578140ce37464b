import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys } from './keys';

export function getCustomRates(q: string) {
  return callEndpoint(endpoints.bonus.customRates, { query: q ? { q } : {} });
}

export const customRatesQueryOptions = (q: string) =>
  queryOptions({ queryKey: bonusKeys.customRates(q), queryFn: () => getCustomRates(q), placeholderData: keepPreviousData });

/** Clients with a cashback percent of their own, found by name or phone. */
export function useCustomRates(q: string) {
  return useQuery(customRatesQueryOptions(q));
}
