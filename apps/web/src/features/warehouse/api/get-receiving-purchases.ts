import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { warehouseKeys } from './keys';

export function getReceivingPurchases() {
  return callEndpoint(endpoints.warehouse.receivingPurchases);
}

/** Purchases on their way to the warehouse or partly received, with how much of each is received. */
export const receivingPurchasesQueryOptions = () =>
  queryOptions({ queryKey: warehouseKeys.receivingPurchases(), queryFn: getReceivingPurchases });

export function useReceivingPurchases() {
  return useQuery(receivingPurchasesQueryOptions());
}
