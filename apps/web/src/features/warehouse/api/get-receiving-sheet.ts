import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { warehouseKeys } from './keys';

export function getReceivingSheet(purchaseId: string) {
  return callEndpoint(endpoints.warehouse.receivingSheet, { params: { id: purchaseId } });
}

/** A purchase's receiving sheet: its lines grouped by product. The page shows a failure itself. */
export const receivingSheetQueryOptions = (purchaseId: string) =>
  queryOptions({
    queryKey: warehouseKeys.receivingSheet(purchaseId),
    queryFn: () => getReceivingSheet(purchaseId),
    meta: { isErrorShown: true },
  });

export function useReceivingSheet(purchaseId: string) {
  return useQuery(receivingSheetQueryOptions(purchaseId));
}
