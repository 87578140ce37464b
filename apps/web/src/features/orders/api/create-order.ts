import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';

export type CreateOrderInput = EndpointRequest<typeof endpoints.orders.create>;

export function createOrder(request: CreateOrderInput) {
  return callEndpoint(endpoints.orders.create, request);
}

/** Refreshes the purchases too, whose totals the orders make up (orders are keyed under them). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOrder, onSuccess: () => queryClient.invalidateQueries({ queryKey: orderFlowKey }) });
}
