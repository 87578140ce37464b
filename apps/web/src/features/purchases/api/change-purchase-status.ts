import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { orderFlowKey } from '@/lib/query-keys';

export type ChangePurchaseStatusInput = EndpointRequest<typeof endpoints.purchases.changeStatus>;

export function changePurchaseStatus(request: ChangePurchaseStatusInput) {
  return callEndpoint(endpoints.purchases.changeStatus, request);
}

export function useChangePurchaseStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePurchaseStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: orderFlowKey }) });
}
