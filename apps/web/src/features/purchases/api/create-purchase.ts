import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { orderFlowKey } from '@/lib/query-keys';

export type CreatePurchaseInput = EndpointRequest<typeof endpoints.purchases.create>;

export function createPurchase(request: CreatePurchaseInput) {
  return callEndpoint(endpoints.purchases.create, request);
}

export function useCreatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPurchase, onSuccess: () => queryClient.invalidateQueries({ queryKey: orderFlowKey }) });
}
