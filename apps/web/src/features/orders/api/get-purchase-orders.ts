import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { ordersKeys, type PurchaseOrdersQuery } from './keys';

export function getPurchaseOrders(query: PurchaseOrdersQuery) {
  return callEndpoint(endpoints.orders.list, { query });
}

export const purchaseOrdersQueryOptions = (query: PurchaseOrdersQuery) =>
  queryOptions({
    queryKey: ordersKeys.ofPurchase(query),
    queryFn: () => getPurchaseOrders(query),
    enabled: Boolean(query.purchaseId),
    placeholderData: keepPreviousData,
  });

/** A page of one purchase's orders, optionally by part of the phone; nothing is asked without a purchase. */
export function usePurchaseOrders(query: PurchaseOrdersQuery) {
  return useQuery(purchaseOrdersQueryOptions(query));
}
