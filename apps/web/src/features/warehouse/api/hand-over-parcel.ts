import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { refreshAfterParcelChange } from './refresh';

export type HandOverParcelInput = EndpointRequest<typeof endpoints.warehouse.handOver>;

export function handOverParcel(request: HandOverParcelInput) {
  return callEndpoint(endpoints.warehouse.handOver, request);
}

/** Hands a pickup parcel to the client who names the last four digits of their phone. */
export function useHandOverParcel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: handOverParcel, onSuccess: () => refreshAfterParcelChange(queryClient) });
}
