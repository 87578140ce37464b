import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export function getRefundsDue() {
  return callEndpoint(endpoints.payments.refundsDue);
}

export const refundsDueQueryOptions = () => queryOptions({ queryKey: paymentsKeys.refundsDue(), queryFn: getRefundsDue });

/** Orders paid beyond their total (goods that did not arrive), with the payments the money goes back from. */
export function useRefundsDue() {
  return useQuery(refundsDueQueryOptions());
}
