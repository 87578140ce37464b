import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { logisticsKeys } from './keys';

export function getPriceList() {
  return callEndpoint(endpoints.delivery.priceList);
}

export const priceListQueryOptions = () => queryOptions({ queryKey: logisticsKeys.priceList(), queryFn: () => getPriceList() });

/** The delivery price list: the version in force, those saved for later, and the earlier ones. */
export function usePriceList() {
  return useQuery(priceListQueryOptions());
}
