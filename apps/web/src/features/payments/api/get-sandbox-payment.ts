import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export function getSandboxPayment(id: string) {
  return callEndpoint(endpoints.payments.sandboxGet, { params: { id } });
}

/** The test provider's payment; the page shows a missing one itself (meta.isErrorShown). */
export const sandboxPaymentQueryOptions = (id: string) =>
  queryOptions({ queryKey: paymentsKeys.sandbox(id), queryFn: () => getSandboxPayment(id), retry: false, meta: { isErrorShown: true } });

export function useSandboxPayment(id: string) {
  return useQuery(sandboxPaymentQueryOptions(id));
}
