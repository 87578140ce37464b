import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export type CreatePaymentInput = EndpointRequest<typeof endpoints.payments.create>;

export function createPayment(request: CreatePaymentInput) {
  return callEndpoint(endpoints.payments.create, request);
}

/** Refreshes the orders too: the paid ones leave the unpaid list, held ones show their open payment. */
export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayment,
    onSuccess: (result) => {
      for (const payment of result.payments) queryClient.setQueryData(paymentsKeys.byId(payment.id), payment);
      return queryClient.invalidateQueries({ queryKey: orderFlowKey });
    },
  });
}
