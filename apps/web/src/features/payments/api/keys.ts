import type { endpoints, EndpointRequest } from '@vmeste/contract';
import { orderFlowKey } from '@/lib/query-keys';

export type PaymentListQuery = EndpointRequest<typeof endpoints.payments.list>['query'];

/**
 * Payments are keyed under `orderFlowKey`, like orders: a payment moves its orders' paid and due
 * sums, so invalidating `orderFlowKey` after a payment action refreshes the orders, the purchases'
 * totals and the payments together. Receipt files stay outside it: they never change once uploaded,
 * and refetching megabytes after every action would be waste.
 */
export const paymentsKeys = {
  all: [...orderFlowKey, 'payments'] as const,
  mine: () => [...paymentsKeys.all, 'mine'] as const,
  byId: (id: string) => [...paymentsKeys.all, 'by-id', id] as const,
  list: (query: PaymentListQuery) => [...paymentsKeys.all, 'list', query] as const,
  details: (id: string) => [...paymentsKeys.all, 'details', id] as const,
  receiptsQueue: () => [...paymentsKeys.all, 'receipts-queue'] as const,
  refundsDue: () => [...paymentsKeys.all, 'refunds-due'] as const,
  differences: () => [...paymentsKeys.all, 'differences'] as const,
  sandbox: (id: string) => ['sandbox-payment', id] as const,
  receiptFile: (id: string) => ['payment-receipt-file', id] as const,
};
