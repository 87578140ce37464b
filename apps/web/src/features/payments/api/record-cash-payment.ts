import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export type RecordCashPaymentInput = EndpointRequest<typeof endpoints.payments.recordCash>;

export function recordCashPayment(request: RecordCashPaymentInput) {
  return callEndpoint(endpoints.payments.recordCash, request);
}

/** Cash taken at the distribution point: pays the whole due of one order. */
export function useRecordCashPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordCashPayment,
    onSuccess: (details) => {
      queryClient.setQueryData(paymentsKeys.details(details.id), details);
      return queryClient.invalidateQueries({ queryKey: orderFlowKey });
    },
  });
}
