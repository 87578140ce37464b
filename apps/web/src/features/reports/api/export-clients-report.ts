import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { type DownloadProgress, downloadEndpoint } from '@/lib/api-client';

export type ExportClientsReportInput = EndpointRequest<typeof endpoints.reports.clientsExport> & {
  onProgress?: (progress: DownloadProgress) => void;
};

/** The XLSX of the filtered clients in the chosen order, read as a stream so the page can show how much has come. */
export function exportClientsReport({ onProgress, ...request }: ExportClientsReportInput) {
  return downloadEndpoint(endpoints.reports.clientsExport, request, onProgress ? { onProgress } : {});
}

export function useExportClientsReport() {
  return useMutation({ mutationFn: exportClientsReport });
}
