import { purchasesKeys } from '@/features/purchases';

/**
 * The client's parcels and delivery invoices are keyed under the purchases root, like orders and
 * payments: a payment settles invoices and moves parcels on, and the payment's invalidation of
 * `purchasesKeys.all` refreshes them with the orders. Saved methods, cities and points change with
 * nothing a payment does, so they stay apart.
 */
export const deliveryKeys = {
  all: [...purchasesKeys.all, 'delivery'] as const,
  myParcels: () => [...deliveryKeys.all, 'my-parcels'] as const,
  myInvoices: () => [...deliveryKeys.all, 'my-invoices'] as const,
  methods: () => ['delivery-methods'] as const,
  cities: () => ['delivery-cities'] as const,
  points: (cityCode: string, q: string) => ['delivery-points', cityCode, q] as const,
};
