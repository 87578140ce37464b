import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { orderFlowKey } from '@/lib/query-keys';

export type UploadPurchaseCoverInput = EndpointRequest<typeof endpoints.purchases.uploadCover>;

export function uploadPurchaseCover(request: UploadPurchaseCoverInput) {
  return callEndpoint(endpoints.purchases.uploadCover, request);
}

export function useUploadPurchaseCover() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPurchaseCover, onSuccess: () => queryClient.invalidateQueries({ queryKey: orderFlowKey }) });
}
