import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';
import { payerTokenOf } from './payer-tokens';

export type UploadReceiptInput = Omit<EndpointRequest<typeof endpoints.payments.uploadReceipt>, 'query'>;

/** With the payer token when this browser started the payment by its order's link. */
export function uploadReceipt(request: UploadReceiptInput) {
  return callEndpoint(endpoints.payments.uploadReceipt, { ...request, query: { payer: payerTokenOf(request.params.id) } });
}

/** The answer is the payment on its way to the check; it replaces the cached one at once. */
export function useUploadReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReceipt,
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentsKeys.byId(payment.id), payment);
      return queryClient.invalidateQueries({ queryKey: orderFlowKey });
    },
  });
}
