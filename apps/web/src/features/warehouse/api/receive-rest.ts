import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { refreshAfterReceiving } from './refresh';

export type ReceiveRestInput = EndpointRequest<typeof endpoints.warehouse.receiveRest>;

export function receiveRest(request: ReceiveRestInput) {
  return callEndpoint(endpoints.warehouse.receiveRest, request);
}

/** Every line of the purchase not received yet arrived in full: the usual end of a receiving. */
export function useReceiveRest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveRest,
    onSuccess: (result, request) => refreshAfterReceiving(queryClient, request.params.id, result),
  });
}
