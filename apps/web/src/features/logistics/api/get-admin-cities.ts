import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { logisticsKeys } from './keys';

export function getAdminCities() {
  return callEndpoint(endpoints.delivery.adminCities);
}

export const adminCitiesQueryOptions = () => queryOptions({ queryKey: logisticsKeys.cities(), queryFn: () => getAdminCities() });

/** Cities with Boxberry points: how many points each has and how many are on for clients. */
export function useAdminCities() {
  return useQuery(adminCitiesQueryOptions());
}
