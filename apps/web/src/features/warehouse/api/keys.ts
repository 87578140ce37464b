import type { endpoints, EndpointRequest } from '@vmeste/contract';
import { purchasesKeys } from '@/features/purchases';

export type ParcelListQuery = EndpointRequest<typeof endpoints.warehouse.parcels>['query'];

/**
 * The warehouse's queries are keyed under the purchases root, like orders and payments: receiving
 * moves a purchase to «На складе» and every warehouse step changes its orders, so a warehouse write
 * invalidates `purchasesKeys.all` and an admin's change of an order or a payment (which decides
 * whether an order may be packed) refreshes the warehouse too.
 */
export const warehouseKeys = {
  all: [...purchasesKeys.all, 'warehouse'] as const,
  receivingPurchases: () => [...warehouseKeys.all, 'receiving-purchases'] as const,
  receivingSheet: (purchaseId: string) => [...warehouseKeys.all, 'receiving-sheet', purchaseId] as const,
  search: (q: string) => [...warehouseKeys.all, 'search', q] as const,
  parcels: (query: ParcelListQuery) => [...warehouseKeys.all, 'parcels', query] as const,
};
