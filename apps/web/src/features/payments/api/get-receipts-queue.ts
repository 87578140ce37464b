import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export function getReceiptsQueue() {
  return callEndpoint(endpoints.payments.receiptsQueue);
}

export const receiptsQueueQueryOptions = () => queryOptions({ queryKey: paymentsKeys.receiptsQueue(), queryFn: getReceiptsQueue });

/** Transfers whose receipt waits for the admin, oldest first. */
export function useReceiptsQueue() {
  return useQuery(receiptsQueueQueryOptions());
}
