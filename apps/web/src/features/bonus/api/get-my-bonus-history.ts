import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { type BonusHistoryQuery, bonusKeys } from './keys';

export function getMyBonusHistory(query: BonusHistoryQuery) {
  return callEndpoint(endpoints.bonus.myHistory, { query });
}

/** A page of the client's ledger, newest first; the previous page stays while the next loads. */
export const myBonusHistoryQueryOptions = (query: BonusHistoryQuery) =>
  queryOptions({ queryKey: bonusKeys.myHistory(query), queryFn: () => getMyBonusHistory(query), placeholderData: keepPreviousData });

export function useMyBonusHistory(query: BonusHistoryQuery) {
  return useQuery(myBonusHistoryQueryOptions(query));
}
