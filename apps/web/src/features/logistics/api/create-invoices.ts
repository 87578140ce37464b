import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { refreshAfterParcelChange } from './refresh';

export type CreateInvoicesInput = EndpointRequest<typeof endpoints.delivery.createInvoices>;

export function createInvoices(request: CreateInvoicesInput) {
  return callEndpoint(endpoints.delivery.createInvoices, request);
}

/** Invoices the delivery of packed parcels, all or none: by the price list, or at one price of the logistician's. */
export function useCreateInvoices() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInvoices, onSuccess: () => refreshAfterParcelChange(queryClient) });
}
