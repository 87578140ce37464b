/**
 * The root of every query that moves with an order: purchases, orders, payments, the bonus ledger,
 * the client's parcels and invoices, and the warehouse. A purchase's status or fee changes its
 * orders, an order moves its purchase's totals, a payment settles orders, invoices and cashback, and
 * a warehouse step moves orders on — so any of those writes invalidates this one key and everything
 * shown from them refreshes together. Queries that change with none of it (cards, the logistician's
 * points, settings, receipt files) keep roots of their own.
 */
export const orderFlowKey = ['order-flow'] as const;
