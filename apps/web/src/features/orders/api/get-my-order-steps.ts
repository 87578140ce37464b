import { endpoints, type MyOrderStep } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { ordersKeys } from './keys';

export function getMyOrderSteps() {
  return callEndpoint(endpoints.orders.listMySteps);
}

export const myOrderStepsQueryOptions = () => queryOptions({ queryKey: ordersKeys.mySteps(), queryFn: getMyOrderSteps });

/** The steps of the signed-in client's orders, oldest first, grouped by order; only for a client (`enabled`). */
export function useMyOrderSteps(enabled = true) {
  return useQuery({
    ...myOrderStepsQueryOptions(),
    enabled,
    select: (steps) => {
      const byOrder = new Map<string, MyOrderStep[]>();
      for (const step of steps) byOrder.set(step.orderId, [...(byOrder.get(step.orderId) ?? []), step]);
      return byOrder;
    },
  });
}
