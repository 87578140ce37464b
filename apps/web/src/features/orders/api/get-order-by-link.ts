import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { ordersKeys } from './keys';

export function getOrderByLink(id: string) {
  return callEndpoint(endpoints.orders.getByLink, { params: { id } });
}

/** The page shows a missing order itself, so the error toast stays off (meta.isErrorShown). */
export const orderByLinkQueryOptions = (id: string) =>
  queryOptions({ queryKey: ordersKeys.byLink(id), queryFn: () => getOrderByLink(id), retry: false, meta: { isErrorShown: true } });

export function useOrderByLink(id: string) {
  return useQuery(orderByLinkQueryOptions(id));
}
