import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { type LogisticsParcelsQuery, logisticsKeys } from './keys';

export function getLogisticsParcels(query: LogisticsParcelsQuery) {
  return callEndpoint(endpoints.delivery.parcels, { query });
}

/** A page of parcels of one delivery stage; the previous page stays while the next loads. */
export const logisticsParcelsQueryOptions = (query: LogisticsParcelsQuery) =>
  queryOptions({ queryKey: logisticsKeys.parcels(query), queryFn: () => getLogisticsParcels(query), placeholderData: keepPreviousData });

export function useLogisticsParcels(query: LogisticsParcelsQuery) {
  return useQuery(logisticsParcelsQueryOptions(query));
}
