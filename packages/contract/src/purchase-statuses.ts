// A purchase's statuses and their rules, apart from the schemas: a page that shows a status (the main
// page's covers) takes these without zod (issue 29, item 3).

export const purchaseStatuses = [
  'draft',
  'open',
  'stopped',
  'payment',
  'ordered',
  'in_transit',
  'at_warehouse',
  'distribution',
  'completed',
  'canceled',
] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];

export const purchaseStatusTitles: Record<PurchaseStatus, string> = {
  draft: 'Черновик',
  open: 'Сбор заказов',
  stopped: 'Стоп',
  payment: 'Оплата',
  ordered: 'Заказано',
  in_transit: 'В пути',
  at_warehouse: 'На складе',
  distribution: 'Раздача',
  completed: 'Завершена',
  canceled: 'Отменена',
};

/**
 * The lifecycle of PRODUCT.md: each step forward, a stopped purchase may reopen, and cancelling is
 * possible until the purchase is ordered from the supplier.
 */
export const purchaseTransitions: Record<PurchaseStatus, PurchaseStatus[]> = {
  draft: ['open', 'canceled'],
  open: ['stopped', 'canceled'],
  stopped: ['open', 'payment', 'canceled'],
  payment: ['ordered', 'canceled'],
  ordered: ['in_transit'],
  in_transit: ['at_warehouse'],
  at_warehouse: ['distribution'],
  distribution: ['completed'],
  completed: [],
  canceled: [],
};

export function canChangePurchaseStatus(from: PurchaseStatus, to: PurchaseStatus): boolean {
  return purchaseTransitions[from].includes(to);
}

/** Purchases still taking or changing orders; a card bound to one of them cannot be deleted. */
export const openPurchaseStatuses: PurchaseStatus[] = [
  'draft',
  'open',
  'stopped',
  'payment',
  'ordered',
  'in_transit',
  'at_warehouse',
  'distribution',
];
/** Orders can be imported and edited by hand until the purchase is ordered from the supplier. */
export const orderEditableStatuses: PurchaseStatus[] = ['draft', 'open', 'stopped', 'payment'];
/** The purchase is ordered from the supplier: its goods are on their way or here (a canceled one is not). */
export const orderedFromSupplierStatuses: PurchaseStatus[] = ['ordered', 'in_transit', 'at_warehouse', 'distribution', 'completed'];

/**
 * While orders are collected the organizer fee is an ordinary field of the purchase. Once the
 * purchase leaves collection the clients have been told their totals (and pay them), so the fee
 * changes only through the explicit action (`purchases.changeFee`), which first shows what it moves.
 */
export const feeEditableStatuses: PurchaseStatus[] = ['draft', 'open'];
/** A completed or canceled purchase's orders are settled: its fee no longer changes at all. */
export const feeChangeableStatuses: PurchaseStatus[] = [
  'draft',
  'open',
  'stopped',
  'payment',
  'ordered',
  'in_transit',
  'at_warehouse',
  'distribution',
];
