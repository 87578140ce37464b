import type { endpoints, EndpointRequest } from '@vmeste/contract';
import { purchasesKeys } from '@/features/purchases';

export type PurchaseOrdersQuery = EndpointRequest<typeof endpoints.orders.list>['query'];
export type MyOrdersState = 'unpaid' | 'paid' | undefined;

/**
 * Orders are keyed under the purchases root: every order belongs to a purchase, a purchase change
 * (status, fee) changes its orders and an order change moves the purchase's totals, so invalidating
 * `purchasesKeys.all` after either refreshes both.
 */
export const ordersKeys = {
  all: [...purchasesKeys.all, 'orders'] as const,
  ofPurchase: (query: PurchaseOrdersQuery) => [...ordersKeys.all, 'of-purchase', query] as const,
  mine: (state: MyOrdersState) => [...ordersKeys.all, 'mine', state ?? 'all'] as const,
  byLink: (id: string) => [...ordersKeys.all, 'by-link', id] as const,
  search: (query: PurchaseOrdersQuery) => [...ordersKeys.all, 'search', query] as const,
  history: (id: string) => [...ordersKeys.all, 'fulfilment-history', id] as const,
  mySteps: () => [...ordersKeys.all, 'my-steps'] as const,
};
