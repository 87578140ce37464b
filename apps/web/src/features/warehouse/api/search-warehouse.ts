import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { warehouseKeys } from './keys';

export function searchWarehouse(q: string) {
  return callEndpoint(endpoints.warehouse.search, { query: { q } });
}

/**
 * The client behind a scanned barcode, an order number or a phone. Always asked afresh: another
 * storekeeper may have packed or handed over the parcel a minute ago. A failure is shown under the
 * field, where the storekeeper looks, not as a toast.
 */
export const warehouseSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: warehouseKeys.search(q),
    queryFn: () => searchWarehouse(q),
    enabled: q.trim() !== '',
    staleTime: 0,
    meta: { isErrorShown: true },
  });

export function useWarehouseSearch(q: string) {
  return useQuery(warehouseSearchQueryOptions(q));
}
