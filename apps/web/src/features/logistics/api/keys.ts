import type { endpoints, EndpointRequest } from '@vmeste/contract';

export type LogisticsParcelsQuery = EndpointRequest<typeof endpoints.delivery.parcels>['query'];
export type AdminPointsQuery = EndpointRequest<typeof endpoints.delivery.listPoints>['query'];

/**
 * The logistician's queries under one root. Parcels and the summary move together (an invoice, a
 * shipment or a status changes both), so their writes invalidate `parcelsRoot`; points and cities
 * move together when a point is switched or a sync ends.
 */
export const logisticsKeys = {
  all: ['logistics'] as const,
  parcelsRoot: () => [...logisticsKeys.all, 'parcels'] as const,
  summary: () => [...logisticsKeys.parcelsRoot(), 'summary'] as const,
  parcels: (query: LogisticsParcelsQuery) => [...logisticsKeys.parcelsRoot(), 'list', query] as const,
  pointsRoot: () => [...logisticsKeys.all, 'points'] as const,
  cities: () => [...logisticsKeys.pointsRoot(), 'cities'] as const,
  points: (query: AdminPointsQuery) => [...logisticsKeys.pointsRoot(), 'list', query] as const,
  pointsSync: () => [...logisticsKeys.all, 'points-sync'] as const,
  boxberrySettings: () => [...logisticsKeys.all, 'boxberry-settings'] as const,
  priceList: () => [...logisticsKeys.all, 'price-list'] as const,
};
