import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export function getDeliveryCities() {
  return callEndpoint(endpoints.delivery.cities);
}

/** The cities change with the nightly sync of the points at most: read once per visit of the form. */
export const deliveryCitiesQueryOptions = () =>
  queryOptions({ queryKey: deliveryKeys.cities(), queryFn: getDeliveryCities, staleTime: 10 * 60_000 });

/** Cities with Boxberry pickup points the shop works with. */
export function useDeliveryCities() {
  return useQuery(deliveryCitiesQueryOptions());
}
