import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { purchasesKeys } from './keys';

export function getCovers() {
  return callEndpoint(endpoints.purchases.covers);
}

export const coversQueryOptions = () => queryOptions({ queryKey: purchasesKeys.covers(), queryFn: getCovers });

export function useCovers() {
  return useQuery(coversQueryOptions());
}
