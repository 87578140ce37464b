import type { endpoints, EndpointRequest } from '@vmeste/contract';

export type PurchaseListQuery = EndpointRequest<typeof endpoints.purchases.list>['query'];

/**
 * Everything keyed under `all` is refreshed after any purchase change. The orders feature keys its
 * queries under it too: a purchase's status or fee changes its orders, and an order changes the
 * purchase's totals, so the two always refresh together.
 */
export const purchasesKeys = {
  all: ['purchases'] as const,
  list: (query: PurchaseListQuery) => [...purchasesKeys.all, 'list', query] as const,
  covers: () => [...purchasesKeys.all, 'covers'] as const,
  one: (id: string) => [...purchasesKeys.all, 'one', id] as const,
};
