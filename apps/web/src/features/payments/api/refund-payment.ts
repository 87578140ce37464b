import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export type RefundPaymentInput = EndpointRequest<typeof endpoints.payments.refund>;

export function refundPayment(request: RefundPaymentInput) {
  return callEndpoint(endpoints.payments.refund, request);
}

/** A refund of the whole payment or of one order's part; the refunded money is due again. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: (details) => {
      queryClient.setQueryData(paymentsKeys.details(details.id), details);
      return queryClient.invalidateQueries({ queryKey: orderFlowKey });
    },
  });
}
