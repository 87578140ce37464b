import type { ReceiveResult } from '@vmeste/contract';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { warehouseKeys } from './keys';

/**
 * After a receiving the answer already holds the new sheet: it is put in the cache as it is (shared
 * structurally, so unchanged products keep their objects and their rows do not redraw), and only the
 * rest is refetched — a sheet of hundreds of lines is not fetched twice.
 */
export function refreshAfterReceiving(queryClient: QueryClient, purchaseId: string, result: ReceiveResult) {
  const sheetKey = warehouseKeys.receivingSheet(purchaseId);
  queryClient.setQueryData(sheetKey, result.sheet);
  return queryClient.invalidateQueries({
    queryKey: orderFlowKey,
    predicate: (query) => query.queryHash !== hashKey(sheetKey),
  });
}

/** A parcel's change moves its orders: the search, the parcels and the purchases refresh together. */
export function refreshAfterParcelChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: orderFlowKey });
}
