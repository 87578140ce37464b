import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { reportsKeys } from './keys';

export function getPurchase(id: string) {
  return callEndpoint(endpoints.purchases.get, { params: { id } });
}

export const purchaseQueryOptions = (id: string) => queryOptions({ queryKey: reportsKeys.purchase(id), queryFn: () => getPurchase(id) });

/** The purchase of a shared link, so the filter shows its title before anyone searches for it. */
export function usePurchase(id: string | null) {
  return useQuery({ ...purchaseQueryOptions(id ?? ''), enabled: Boolean(id) });
}
