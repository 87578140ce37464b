import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { refreshAfterParcelChange } from './refresh';

export type RefreshTrackingInput = EndpointRequest<typeof endpoints.delivery.refreshTracking>;

export function refreshTracking(request: RefreshTrackingInput) {
  return callEndpoint(endpoints.delivery.refreshTracking, request);
}

/** Asks Boxberry for the shipment's status now; a changed status may move the parcel to another stage. */
export function useRefreshTracking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refreshTracking, onSuccess: () => refreshAfterParcelChange(queryClient) });
}
