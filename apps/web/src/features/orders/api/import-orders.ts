import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';

export type ImportOrdersInput = EndpointRequest<typeof endpoints.orders.import>;

export function importOrders(request: ImportOrdersInput) {
  return callEndpoint(endpoints.orders.import, request);
}

/** Refreshes the purchases too, whose totals the orders make up (orders are keyed under them). */
export function useImportOrders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importOrders, onSuccess: () => queryClient.invalidateQueries({ queryKey: orderFlowKey }) });
}
