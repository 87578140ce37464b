import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { refreshAfterParcelChange } from './refresh';

export type UnpackParcelInput = EndpointRequest<typeof endpoints.warehouse.unpack>;

export function unpackParcel(request: UnpackParcelInput) {
  return callEndpoint(endpoints.warehouse.unpack, request);
}

/** Takes apart a parcel not handed over yet: its orders wait for packing again. */
export function useUnpackParcel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unpackParcel, onSuccess: () => refreshAfterParcelChange(queryClient) });
}
