import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { orderFlowKey } from '@/lib/query-keys';

export type ChangePurchaseFeeInput = EndpointRequest<typeof endpoints.purchases.changeFee>;

export function changePurchaseFee(request: ChangePurchaseFeeInput) {
  return callEndpoint(endpoints.purchases.changeFee, request);
}

/**
 * The explicit fee change: with `dryRun` it only answers what it would move. Applied, the orders'
 * totals, the purchases' figures and the refunds due all move, so everything under `orderFlowKey` refetches.
 */
export function useChangePurchaseFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePurchaseFee,
    onSuccess: (result) => (result.isApplied ? queryClient.invalidateQueries({ queryKey: orderFlowKey }) : undefined),
  });
}
