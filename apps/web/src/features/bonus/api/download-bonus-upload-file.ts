import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadEndpoint } from '@/lib/api-client';

export type DownloadBonusUploadFileInput = EndpointRequest<typeof endpoints.bonus.uploadFile>;

/** The uploaded table as it came, through the API client, so the admin's token goes with it. */
export function downloadBonusUploadFile(request: DownloadBonusUploadFileInput) {
  return downloadEndpoint(endpoints.bonus.uploadFile, request);
}

export function useDownloadBonusUploadFile() {
  return useMutation({ mutationFn: downloadBonusUploadFile });
}
