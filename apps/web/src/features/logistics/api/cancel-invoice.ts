import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { refreshAfterParcelChange } from './refresh';

export type CancelInvoiceInput = EndpointRequest<typeof endpoints.delivery.cancelInvoice>;

export function cancelInvoice(request: CancelInvoiceInput) {
  return callEndpoint(endpoints.delivery.cancelInvoice, request);
}

/** Cancels an unpaid invoice: its parcel waits for an invoice again. */
export function useCancelInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelInvoice, onSuccess: () => refreshAfterParcelChange(queryClient) });
}
