import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadEndpoint } from '@/lib/api-client';

export type ExportPriceListInput = EndpointRequest<typeof endpoints.delivery.exportPriceList>;

/** The XLSX of the version in force, or of the one named. */
export function exportPriceList(request: ExportPriceListInput) {
  return downloadEndpoint(endpoints.delivery.exportPriceList, request);
}

export function useExportPriceList() {
  return useMutation({ mutationFn: exportPriceList });
}
