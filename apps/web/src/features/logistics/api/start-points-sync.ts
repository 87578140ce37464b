import { endpoints } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { logisticsKeys } from './keys';

export function startPointsSync() {
  return callEndpoint(endpoints.delivery.startPointsSync);
}

/**
 * Starts loading the points from Boxberry in the background. The answer is the running sync, which
 * the sync query then follows; a 409 means one already runs, so the query is asked again to follow that one.
 */
export function useStartPointsSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPointsSync,
    onSuccess: (sync) => queryClient.setQueryData(logisticsKeys.pointsSync(), sync),
    onError: () => queryClient.invalidateQueries({ queryKey: logisticsKeys.pointsSync() }),
  });
}
