import { purchasesEndpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { purchasesKeys } from './keys';

// The main page's call: its group is imported rather than `endpoints`, which would bring every
// declaration of the API into the main page's code.
export function getCovers() {
  return callEndpoint(purchasesEndpoints.covers);
}

export const coversQueryOptions = () => queryOptions({ queryKey: purchasesKeys.covers(), queryFn: getCovers });

export function useCovers() {
  return useQuery(coversQueryOptions());
}
