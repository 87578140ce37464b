// The delivery feature: the client's saved delivery methods (a Boxberry point, a courier, self-pickup)
// with their recipient, the client's parcels with their invoices and tracking, and the unpaid
// delivery invoices that the unpaid orders page pays together with the orders.
export { useMyInvoices } from './api/get-my-invoices';
export { DeliveryInvoiceCard } from './components/delivery-invoice-card';
export { DeliveryMethods } from './components/delivery-methods';
export { MyParcels } from './components/my-parcels';
