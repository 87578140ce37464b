import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { refreshAfterParcelChange } from './refresh';

export type PackParcelInput = EndpointRequest<typeof endpoints.warehouse.pack>;

export function packParcel(request: PackParcelInput) {
  return callEndpoint(endpoints.warehouse.pack, request);
}

/** Packs a client's arrived, paid orders into one parcel. */
export function usePackParcel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: packParcel, onSuccess: () => refreshAfterParcelChange(queryClient) });
}
