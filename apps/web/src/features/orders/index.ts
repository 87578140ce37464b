// The orders feature: the client's orders with their payment, the order by link, the orders of a
// purchase in the back office, and the admin's cash desk (finding the order is the larger part of it).
export { CashPaymentButton } from './components/cash-payment-button';
// What the server renders the order page with (entry-server.tsx): the same key the page reads.
export { orderByLinkQueryOptions } from './api/get-order-by-link';
export { DueSummary } from './components/due-summary';
export { PaidOrdersList } from './components/paid-orders-list';
export { PublicOrderView } from './components/public-order-view';
export { PurchaseOrdersDrawer } from './components/purchase-orders-drawer';
export { UnpaidOrdersList } from './components/unpaid-orders-list';
