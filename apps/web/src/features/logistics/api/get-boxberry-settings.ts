import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { logisticsKeys } from './keys';

export function getBoxberrySettings() {
  return callEndpoint(endpoints.delivery.boxberrySettings);
}

export const boxberrySettingsQueryOptions = () =>
  queryOptions({ queryKey: logisticsKeys.boxberrySettings(), queryFn: () => getBoxberrySettings() });

/** The shop's Boxberry settings; the token comes masked. */
export function useBoxberrySettings() {
  return useQuery(boxberrySettingsQueryOptions());
}
