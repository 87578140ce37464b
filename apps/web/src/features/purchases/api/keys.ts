import type { endpoints, EndpointRequest } from '@vmeste/contract';
import { orderFlowKey } from '@/lib/query-keys';

export type PurchaseListQuery = EndpointRequest<typeof endpoints.purchases.list>['query'];

/**
 * Purchases are keyed under `orderFlowKey`, and a purchase's write invalidates that whole root: a
 * purchase's status or fee changes its orders, and an order changes the purchase's totals, so the two
 * always refresh together.
 */
export const purchasesKeys = {
  all: [...orderFlowKey, 'purchases'] as const,
  list: (query: PurchaseListQuery) => [...purchasesKeys.all, 'list', query] as const,
  covers: () => [...purchasesKeys.all, 'covers'] as const,
  one: (id: string) => [...purchasesKeys.all, 'one', id] as const,
};
