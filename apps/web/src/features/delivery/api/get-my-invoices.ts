import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export function getMyInvoices() {
  return callEndpoint(endpoints.delivery.myInvoices);
}

export const myInvoicesQueryOptions = () => queryOptions({ queryKey: deliveryKeys.myInvoices(), queryFn: getMyInvoices });

/** The client's unpaid delivery invoices: they are paid together with the orders. */
export function useMyInvoices() {
  return useQuery(myInvoicesQueryOptions());
}
