import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { ordersKeys } from './keys';

export function getFulfilmentHistory(id: string) {
  return callEndpoint(endpoints.orders.history, { params: { id } });
}

export const fulfilmentHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: ordersKeys.history(id), queryFn: () => getFulfilmentHistory(id) });

/** The steps of an order's goods, oldest first: who moved them, when, from where to where. */
export function useFulfilmentHistory(id: string | null) {
  return useQuery({ ...fulfilmentHistoryQueryOptions(id ?? ''), enabled: Boolean(id) });
}
