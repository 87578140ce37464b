import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export function getMyPayments() {
  return callEndpoint(endpoints.payments.listMine);
}

export const myPaymentsQueryOptions = () => queryOptions({ queryKey: paymentsKeys.mine(), queryFn: getMyPayments });

/** The signed-in client's payments, newest first: open ones hold their orders, rejected ones say why. */
export function useMyPayments() {
  return useQuery(myPaymentsQueryOptions());
}
