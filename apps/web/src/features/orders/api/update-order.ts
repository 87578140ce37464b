import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';

export type UpdateOrderInput = EndpointRequest<typeof endpoints.orders.update>;

export function updateOrder(request: UpdateOrderInput) {
  return callEndpoint(endpoints.orders.update, request);
}

/** Refreshes the purchases too, whose totals the orders make up (orders are keyed under them). */
export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateOrder, onSuccess: () => queryClient.invalidateQueries({ queryKey: orderFlowKey }) });
}
