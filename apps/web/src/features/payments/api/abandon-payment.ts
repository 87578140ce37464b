import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';
import { payerTokenOf } from './payer-tokens';

export type AbandonPaymentInput = Omit<EndpointRequest<typeof endpoints.payments.abandon>, 'query'>;

/** With the payer token when this browser started the payment by its order's link. */
export function abandonPayment(request: AbandonPaymentInput) {
  return callEndpoint(endpoints.payments.abandon, { ...request, query: { payer: payerTokenOf(request.params.id) } });
}

/** The client gives up an unpaid payment; its orders are free to be paid another way. */
export function useAbandonPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abandonPayment,
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentsKeys.byId(payment.id), payment);
      return queryClient.invalidateQueries({ queryKey: orderFlowKey });
    },
  });
}
