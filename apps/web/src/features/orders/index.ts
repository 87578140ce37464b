// The orders feature: the client's orders, the order by link, and the orders of a purchase in the back office.
export { DueSummary } from './components/due-summary';
export { PaidOrdersList } from './components/paid-orders-list';
export { PublicOrderView } from './components/public-order-view';
export { PurchaseOrdersDrawer } from './components/purchase-orders-drawer';
export { UnpaidOrdersList } from './components/unpaid-orders-list';
