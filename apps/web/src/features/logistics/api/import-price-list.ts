import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { logisticsKeys } from './keys';

export type ImportPriceListInput = EndpointRequest<typeof endpoints.delivery.importPriceList>;

export function importPriceList(request: ImportPriceListInput) {
  return callEndpoint(endpoints.delivery.importPriceList, request);
}

/** Reads a price list from XLSX: with `dryRun` only shows what it found, otherwise saves it as a new version. */
export function useImportPriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPriceList,
    onSuccess: (result) =>
      result.isDryRun
        ? undefined
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: logisticsKeys.priceList() }),
            queryClient.invalidateQueries({ queryKey: logisticsKeys.parcelsRoot() }),
          ]),
  });
}
