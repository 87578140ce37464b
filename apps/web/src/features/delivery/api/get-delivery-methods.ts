import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export function getDeliveryMethods() {
  return callEndpoint(endpoints.delivery.listMethods);
}

export const deliveryMethodsQueryOptions = () => queryOptions({ queryKey: deliveryKeys.methods(), queryFn: getDeliveryMethods });

/** The client's saved delivery methods, the default one first. */
export function useDeliveryMethods() {
  return useQuery(deliveryMethodsQueryOptions());
}
