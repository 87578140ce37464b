import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export type RejectReceiptInput = EndpointRequest<typeof endpoints.payments.reject>;

export function rejectReceipt(request: RejectReceiptInput) {
  return callEndpoint(endpoints.payments.reject, request);
}

/** The admin rejects a receipt with a reason the client is told; the orders are payable again. */
export function useRejectReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectReceipt,
    onSuccess: (details) => {
      queryClient.setQueryData(paymentsKeys.details(details.id), details);
      return queryClient.invalidateQueries({ queryKey: orderFlowKey });
    },
  });
}
