import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { type PaymentListQuery, paymentsKeys } from './keys';

export function getPayments(query: PaymentListQuery) {
  return callEndpoint(endpoints.payments.list, { query });
}

/** A page of payments by the admin's filters, with the totals of everything filtered; the previous page stays while the next loads. */
export const paymentsQueryOptions = (query: PaymentListQuery) =>
  queryOptions({ queryKey: paymentsKeys.list(query), queryFn: () => getPayments(query), placeholderData: keepPreviousData });

export function usePayments(query: PaymentListQuery) {
  return useQuery(paymentsQueryOptions(query));
}
