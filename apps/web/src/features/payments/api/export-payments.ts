import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { type DownloadProgress, downloadEndpoint } from '@/lib/api-client';

export type ExportPaymentsInput = EndpointRequest<typeof endpoints.payments.export> & {
  onProgress?: (progress: DownloadProgress) => void;
};

/** The XLSX of a purchase's orders or of a period's payments, read as a stream so the page can show its size. */
export function exportPayments({ onProgress, ...request }: ExportPaymentsInput) {
  return downloadEndpoint(endpoints.payments.export, request, onProgress ? { onProgress } : {});
}

export function useExportPayments() {
  return useMutation({ mutationFn: exportPayments });
}
