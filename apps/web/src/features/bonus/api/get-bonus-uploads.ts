import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys, type BonusUploadsQuery } from './keys';

export function getBonusUploads(query: BonusUploadsQuery) {
  return callEndpoint(endpoints.bonus.uploads, { query });
}

/** A page of applied accrual tables, newest first; the previous page stays while the next loads. */
export const bonusUploadsQueryOptions = (query: BonusUploadsQuery) =>
  queryOptions({ queryKey: bonusKeys.uploads(query), queryFn: () => getBonusUploads(query), placeholderData: keepPreviousData });

export function useBonusUploads(query: BonusUploadsQuery) {
  return useQuery(bonusUploadsQueryOptions(query));
}
