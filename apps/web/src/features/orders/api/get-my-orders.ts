import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { type MyOrdersState, ordersKeys } from './keys';

export function getMyOrders(state: MyOrdersState) {
  return callEndpoint(endpoints.orders.listMine, { query: { state } });
}

export const myOrdersQueryOptions = (state: MyOrdersState) =>
  queryOptions({ queryKey: ordersKeys.mine(state), queryFn: () => getMyOrders(state) });

/** The signed-in client's orders: all of them, those with something due, or the paid ones. */
export function useMyOrders(state?: MyOrdersState) {
  return useQuery(myOrdersQueryOptions(state));
}
