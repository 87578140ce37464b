import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';

export type RefundDueInput = EndpointRequest<typeof endpoints.payments.refundDue>;

export function refundDue(request: RefundDueInput) {
  return callEndpoint(endpoints.payments.refundDue, request);
}

/**
 * Returns an order's overpayment from its payments. Payments, orders and purchases' totals all move,
 * so everything under `orderFlowKey` is refetched — after a failure too, as part of the money
 * may have gone back before it (an order paid by two payments).
 */
export function useRefundDue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundDue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderFlowKey }),
  });
}
