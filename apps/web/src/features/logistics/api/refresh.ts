import type { QueryClient } from '@tanstack/react-query';
import { logisticsKeys } from './keys';

/** After an invoice or a shipment changes, the parcels of every stage and the summary's counts. */
export function refreshAfterParcelChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: logisticsKeys.parcelsRoot() });
}

/** After a point is switched or a sync ends, the points and the cities' counts. */
export function refreshAfterPointsChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: logisticsKeys.pointsRoot() });
}
