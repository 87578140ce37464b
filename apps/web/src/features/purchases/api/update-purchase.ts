import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { orderFlowKey } from '@/lib/query-keys';

export type UpdatePurchaseInput = EndpointRequest<typeof endpoints.purchases.update>;

export function updatePurchase(request: UpdatePurchaseInput) {
  return callEndpoint(endpoints.purchases.update, request);
}

export function useUpdatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePurchase, onSuccess: () => queryClient.invalidateQueries({ queryKey: orderFlowKey }) });
}
