import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { refreshAfterParcelChange } from './refresh';

export type MarkParcelReadyInput = EndpointRequest<typeof endpoints.warehouse.markReady>;

export function markParcelReady(request: MarkParcelReadyInput) {
  return callEndpoint(endpoints.warehouse.markReady, request);
}

/** The parcel is on the pickup shelf: the client is told it can be collected. */
export function useMarkParcelReady() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markParcelReady, onSuccess: () => refreshAfterParcelChange(queryClient) });
}
