import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { purchasesKeys } from './keys';

export function getPurchase(id: string) {
  return callEndpoint(endpoints.purchases.get, { params: { id } });
}

export const purchaseQueryOptions = (id: string) => queryOptions({ queryKey: purchasesKeys.one(id), queryFn: () => getPurchase(id) });

/** One purchase by id, or nothing while there is no id. */
export function usePurchase(id: string | null) {
  return useQuery({ ...purchaseQueryOptions(id ?? ''), enabled: Boolean(id) });
}
