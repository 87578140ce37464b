import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export type CancelPaymentInput = EndpointRequest<typeof endpoints.payments.cancel>;

export function cancelPayment(request: CancelPaymentInput) {
  return callEndpoint(endpoints.payments.cancel, request);
}

/** The admin cancels an open payment, which frees its orders (to edit them, say). */
export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayment,
    onSuccess: (details) => {
      queryClient.setQueryData(paymentsKeys.details(details.id), details);
      return queryClient.invalidateQueries({ queryKey: orderFlowKey });
    },
  });
}
