import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { type AdminPointsQuery, logisticsKeys } from './keys';

export function getPoints(query: AdminPointsQuery) {
  return callEndpoint(endpoints.delivery.listPoints, { query });
}

/** A page of Boxberry points by city, text and state; the previous page stays while the next loads. */
export const pointsQueryOptions = (query: AdminPointsQuery) =>
  queryOptions({ queryKey: logisticsKeys.points(query), queryFn: () => getPoints(query), placeholderData: keepPreviousData });

export function usePoints(query: AdminPointsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...pointsQueryOptions(query), enabled: isEnabled });
}
