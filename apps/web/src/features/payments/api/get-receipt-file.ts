import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { downloadEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

/** The receipt's bytes: an <img> or <iframe> cannot send the bearer token, so the page fetches them itself. */
export function getReceiptFile(id: string, signal?: AbortSignal) {
  return downloadEndpoint(endpoints.payments.receiptFile, { params: { id } }, signal ? { signal } : {});
}

/** A receipt never changes once uploaded, so it is fetched once per visit. */
export const receiptFileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentsKeys.receiptFile(id),
    queryFn: ({ signal }) => getReceiptFile(id, signal),
    staleTime: Infinity,
    gcTime: 60_000,
  });

export function useReceiptFile(id: string) {
  return useQuery(receiptFileQueryOptions(id));
}
