import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { logisticsKeys } from './keys';

export function getLogisticsSummary() {
  return callEndpoint(endpoints.delivery.summary);
}

export const logisticsSummaryQueryOptions = () => queryOptions({ queryKey: logisticsKeys.summary(), queryFn: () => getLogisticsSummary() });

/** What waits for the logistician: parcels by stage, with the age of the oldest unpaid invoice. */
export function useLogisticsSummary() {
  return useQuery(logisticsSummaryQueryOptions());
}
