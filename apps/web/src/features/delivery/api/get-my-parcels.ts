import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export function getMyParcels() {
  return callEndpoint(endpoints.delivery.myParcels);
}

export const myParcelsQueryOptions = () => queryOptions({ queryKey: deliveryKeys.myParcels(), queryFn: getMyParcels });

/** The client's parcels: where each goes, its delivery invoice and its tracking. */
export function useMyParcels() {
  return useQuery(myParcelsQueryOptions());
}
