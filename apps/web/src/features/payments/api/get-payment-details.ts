import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export function getPaymentDetails(id: string) {
  return callEndpoint(endpoints.payments.details, { params: { id } });
}

export const paymentDetailsQueryOptions = (id: string | null) =>
  queryOptions({ queryKey: paymentsKeys.details(id ?? ''), queryFn: () => getPaymentDetails(id ?? ''), enabled: Boolean(id) });

/** One payment for the admin: orders, payer, provider, receipt and its history; nothing is asked without an id. */
export function usePaymentDetails(id: string | null) {
  return useQuery(paymentDetailsQueryOptions(id));
}
