import { orderFlowKey } from '@/lib/query-keys';

/**
 * The client's parcels and delivery invoices are keyed under `orderFlowKey`, like orders and
 * payments: a payment settles invoices and moves parcels on, and the payment's invalidation of
 * `orderFlowKey` refreshes them with the orders. Saved methods, cities and points change with
 * nothing a payment does, so they stay apart.
 */
export const deliveryKeys = {
  all: [...orderFlowKey, 'delivery'] as const,
  myParcels: () => [...deliveryKeys.all, 'my-parcels'] as const,
  myInvoices: () => [...deliveryKeys.all, 'my-invoices'] as const,
  methods: () => ['delivery-methods'] as const,
  cities: () => ['delivery-cities'] as const,
  points: (cityCode: string, q: string) => ['delivery-points', cityCode, q] as const,
};
