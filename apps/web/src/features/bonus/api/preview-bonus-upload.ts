import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export type PreviewBonusUploadInput = EndpointRequest<typeof endpoints.bonus.previewUpload>;

/** Reads an accrual table row by row and writes nothing: what would be credited and what is wrong. */
export function previewBonusUpload(request: PreviewBonusUploadInput) {
  return callEndpoint(endpoints.bonus.previewUpload, request);
}

export function usePreviewBonusUpload() {
  return useMutation({ mutationFn: previewBonusUpload });
}
