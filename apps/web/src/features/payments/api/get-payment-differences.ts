import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export function getPaymentDifferences() {
  return callEndpoint(endpoints.payments.differences);
}

export const paymentDifferencesQueryOptions = () =>
  queryOptions({ queryKey: paymentsKeys.differences(), queryFn: getPaymentDifferences, refetchInterval: 60_000 });

/** Where the shop and the payment provider disagree: refunds not confirmed or refused, refunds only the provider knows. */
export function usePaymentDifferences() {
  return useQuery(paymentDifferencesQueryOptions());
}
