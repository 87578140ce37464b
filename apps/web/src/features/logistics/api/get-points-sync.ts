import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { logisticsKeys } from './keys';

/** How often a running sync is asked how far it has come. */
export const POINTS_SYNC_POLL_MS = 1000;

export function getPointsSync() {
  return callEndpoint(endpoints.delivery.pointsSync);
}

/** The last load of points from Boxberry, asked again every second while it runs. */
export const pointsSyncQueryOptions = () =>
  queryOptions({
    queryKey: logisticsKeys.pointsSync(),
    queryFn: () => getPointsSync(),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POINTS_SYNC_POLL_MS : false),
  });

export function usePointsSync() {
  return useQuery(pointsSyncQueryOptions());
}
