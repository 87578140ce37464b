import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { refreshAfterParcelChange } from './refresh';

export type ShipParcelInput = EndpointRequest<typeof endpoints.delivery.ship>;

export function shipParcel(request: ShipParcelInput) {
  return callEndpoint(endpoints.delivery.ship, request);
}

/** Creates the parcel's shipment at Boxberry (may take seconds) and answers with its track number. */
export function useShipParcel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: shipParcel, onSuccess: () => refreshAfterParcelChange(queryClient) });
}
