import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { refreshAfterReceiving } from './refresh';

export type ReceiveInput = EndpointRequest<typeof endpoints.warehouse.receive>;

export function receive(request: ReceiveInput) {
  return callEndpoint(endpoints.warehouse.receive, request);
}

/** Marks what arrived of a product's lines; the rest of them did not arrive. Repeating it changes nothing. */
export function useReceive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receive,
    onSuccess: (result, request) => refreshAfterReceiving(queryClient, request.params.id, result),
  });
}
