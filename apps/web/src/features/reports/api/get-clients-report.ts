import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { type ClientsReportQuery, reportsKeys } from './keys';

export function getClientsReport(query: ClientsReportQuery) {
  return callEndpoint(endpoints.reports.clients, { query });
}

/** A page of the clients report with the totals of the whole filtered set; the previous page stays while the next loads. */
export const clientsReportQueryOptions = (query: ClientsReportQuery) =>
  queryOptions({ queryKey: reportsKeys.clients(query), queryFn: () => getClientsReport(query), placeholderData: keepPreviousData });

export function useClientsReport(query: ClientsReportQuery) {
  return useQuery(clientsReportQueryOptions(query));
}
