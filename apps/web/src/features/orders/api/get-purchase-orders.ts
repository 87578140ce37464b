import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
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

const SEARCH_PAGE_SIZE = 100;

/** Orders of every purchase by part of the phone, for the admin's cash desk; nothing is asked below 3 digits. */
export function useOrdersByPhone(phoneDigits: string) {
  const query: PurchaseOrdersQuery = { phone: phoneDigits, page: 1, pageSize: SEARCH_PAGE_SIZE };
  return useQuery(
    queryOptions({
      queryKey: ordersKeys.search(query),
      queryFn: () => getPurchaseOrders(query),
      enabled: phoneDigits.length >= 3,
      placeholderData: keepPreviousData,
    }),
  );
}

/**
 * Orders with money due, to find one by its number: the list endpoint filters by phone but not by
 * number, so the first pages of unpaid and partly paid orders are searched here.
 */
export function useOrdersWithDue(isEnabled: boolean) {
  return useQueries({
    queries: (['unpaid', 'partially_paid'] as const).map((paymentState) => {
      const query: PurchaseOrdersQuery = { paymentState, page: 1, pageSize: SEARCH_PAGE_SIZE };
      return queryOptions({ queryKey: ordersKeys.search(query), queryFn: () => getPurchaseOrders(query), enabled: isEnabled });
    }),
  });
}
