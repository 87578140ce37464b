import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { logisticsKeys } from './keys';

export type SavePriceListInput = EndpointRequest<typeof endpoints.delivery.savePriceList>;

export function savePriceList(request: SavePriceListInput) {
  return callEndpoint(endpoints.delivery.savePriceList, request);
}

/** Saves a new version of the price list; quotes of parcels waiting for an invoice follow it. */
export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePriceList,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: logisticsKeys.priceList() }),
        queryClient.invalidateQueries({ queryKey: logisticsKeys.parcelsRoot() }),
      ]),
  });
}
