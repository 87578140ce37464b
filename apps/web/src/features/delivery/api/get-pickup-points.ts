import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export function getPickupPoints(cityCode: string, q: string) {
  return callEndpoint(endpoints.delivery.points, { query: { cityCode, q } });
}

/** A city's points found by the typed text; the previous list stays while the next one loads. */
export const pickupPointsQueryOptions = (cityCode: string, q: string) =>
  queryOptions({
    queryKey: deliveryKeys.points(cityCode, q),
    queryFn: () => getPickupPoints(cityCode, q),
    enabled: cityCode !== '',
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });

/** The enabled Boxberry points of a city, searched by address; nothing is asked until a city is chosen. */
export function usePickupPoints(cityCode: string, q: string) {
  return useQuery(pickupPointsQueryOptions(cityCode, q));
}
