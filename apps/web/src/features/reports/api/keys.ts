import type { endpoints, EndpointRequest } from '@vmeste/contract';

export type ClientsReportQuery = EndpointRequest<typeof endpoints.reports.clients>['query'];
export type ClientsReportFilterQuery = EndpointRequest<typeof endpoints.reports.clientsCharts>['query'];

/**
 * The reports read a snapshot of orders, payments and bonuses; nothing here changes them, so they live
 * under their own root and refresh when the admin opens the page again or changes a filter.
 */
export const reportsKeys = {
  all: ['reports'] as const,
  clients: (query: ClientsReportQuery) => [...reportsKeys.all, 'clients', query] as const,
  clientsCharts: (query: ClientsReportFilterQuery) => [...reportsKeys.all, 'clients-charts', query] as const,
};
