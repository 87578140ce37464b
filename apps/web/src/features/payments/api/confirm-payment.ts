import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export type ConfirmPaymentInput = EndpointRequest<typeof endpoints.payments.confirm>;

export function confirmPayment(request: ConfirmPaymentInput) {
  return callEndpoint(endpoints.payments.confirm, request);
}

/** The admin confirms a transfer: its orders are paid; lists, queue and orders refresh. */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: (details) => {
      queryClient.setQueryData(paymentsKeys.details(details.id), details);
      return queryClient.invalidateQueries({ queryKey: orderFlowKey });
    },
  });
}
