// The purchases feature: the admin's purchases and their cards, and the covers of the main page.
export { CoversGrid } from './components/covers-grid';
// What the server renders the main page with (entry-server.tsx): the same key the page reads.
export { coversQueryOptions } from './api/get-covers';
export { NewPurchaseButton } from './components/new-purchase-button';
export { PurchaseCardsTable } from './components/purchase-cards-table';
export { PurchaseSelect } from './components/purchase-select';
export { PurchaseStatusBadge } from './components/purchase-status-badge';
export { PurchasesTable } from './components/purchases-table';
export { OPENED_PURCHASE_PARAM } from './components/use-opened-purchase';
