import type { endpoints, EndpointRequest } from '@vmeste/contract';
import { orderFlowKey } from '@/lib/query-keys';

export type ParcelListQuery = EndpointRequest<typeof endpoints.warehouse.parcels>['query'];

/**
 * The warehouse's queries are keyed under `orderFlowKey`, like orders and payments: receiving
 * moves a purchase to «На складе» and every warehouse step changes its orders, so a warehouse write
 * invalidates `orderFlowKey` and an admin's change of an order or a payment (which decides
 * whether an order may be packed) refreshes the warehouse too.
 */
export const warehouseKeys = {
  all: [...orderFlowKey, 'warehouse'] as const,
  receivingPurchases: () => [...warehouseKeys.all, 'receiving-purchases'] as const,
  receivingSheet: (purchaseId: string) => [...warehouseKeys.all, 'receiving-sheet', purchaseId] as const,
  search: (q: string) => [...warehouseKeys.all, 'search', q] as const,
  parcels: (query: ParcelListQuery) => [...warehouseKeys.all, 'parcels', query] as const,
};
