import type { endpoints, EndpointRequest } from '@vmeste/contract';
import { orderFlowKey } from '@/lib/query-keys';

export type PurchaseOrdersQuery = EndpointRequest<typeof endpoints.orders.list>['query'];
export type MyOrdersState = 'unpaid' | 'paid' | undefined;

/**
 * Orders are keyed under `orderFlowKey`: every order belongs to a purchase, a purchase change
 * (status, fee) changes its orders and an order change moves the purchase's totals, so invalidating
 * `orderFlowKey` after either refreshes both.
 */
export const ordersKeys = {
  all: [...orderFlowKey, 'orders'] as const,
  ofPurchase: (query: PurchaseOrdersQuery) => [...ordersKeys.all, 'of-purchase', query] as const,
  mine: (state: MyOrdersState) => [...ordersKeys.all, 'mine', state ?? 'all'] as const,
  byLink: (id: string) => [...ordersKeys.all, 'by-link', id] as const,
  search: (query: PurchaseOrdersQuery) => [...ordersKeys.all, 'search', query] as const,
  history: (id: string) => [...ordersKeys.all, 'fulfilment-history', id] as const,
  mySteps: () => [...ordersKeys.all, 'my-steps'] as const,
};
