import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { type ParcelListQuery, warehouseKeys } from './keys';

export function getParcels(query: ParcelListQuery) {
  return callEndpoint(endpoints.warehouse.parcels, { query });
}

/** A page of parcels, newest first, by status; the previous page stays while the next loads. */
export const parcelsQueryOptions = (query: ParcelListQuery) =>
  queryOptions({ queryKey: warehouseKeys.parcels(query), queryFn: () => getParcels(query), placeholderData: keepPreviousData });

export function useParcels(query: ParcelListQuery) {
  return useQuery(parcelsQueryOptions(query));
}
