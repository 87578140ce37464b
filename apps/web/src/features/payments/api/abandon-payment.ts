import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { purchasesKeys } from '@/features/purchases';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export type AbandonPaymentInput = EndpointRequest<typeof endpoints.payments.abandon>;

export function abandonPayment(request: AbandonPaymentInput) {
  return callEndpoint(endpoints.payments.abandon, request);
}

/** The client gives up an unpaid payment; its orders are free to be paid another way. */
export function useAbandonPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abandonPayment,
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentsKeys.byId(payment.id), payment);
      return queryClient.invalidateQueries({ queryKey: purchasesKeys.all });
    },
  });
}
