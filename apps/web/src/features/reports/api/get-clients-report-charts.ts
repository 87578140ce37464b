import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { type ClientsReportFilterQuery, reportsKeys } from './keys';

export function getClientsReportCharts(query: ClientsReportFilterQuery) {
  return callEndpoint(endpoints.reports.clientsCharts, { query });
}

/** New clients and money paid by week for the same filters as the table. */
export const clientsReportChartsQueryOptions = (query: ClientsReportFilterQuery) =>
  queryOptions({
    queryKey: reportsKeys.clientsCharts(query),
    queryFn: () => getClientsReportCharts(query),
    placeholderData: keepPreviousData,
  });

export function useClientsReportCharts(query: ClientsReportFilterQuery) {
  return useQuery(clientsReportChartsQueryOptions(query));
}
