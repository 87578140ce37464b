import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';
import { rememberPayerToken } from './payer-tokens';

export type PayByLinkInput = EndpointRequest<typeof endpoints.payments.payByLink>;

export function payByLink(request: PayByLinkInput) {
  return callEndpoint(endpoints.payments.payByLink, request);
}

/** Whoever holds the order's link pays its due; this browser keeps the payer token of what it started. */
export function usePayByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payByLink,
    onSuccess: (result) => {
      rememberPayerToken(
        result.payments.map((p) => p.id),
        result.payerToken,
      );
      for (const payment of result.payments) queryClient.setQueryData(paymentsKeys.byId(payment.id), payment);
      return queryClient.invalidateQueries({ queryKey: orderFlowKey });
    },
  });
}
