// The warehouse feature: the storekeeper's desk — receiving a purchase's goods by its sheet, finding a
// client by a scanned barcode, an order number or a phone, packing their orders into parcels, labels,
// the pickup shelf and the hand-over, and the list of parcels.
export { ParcelsRegistry } from './components/parcels-registry';
export { ReceivingDesk } from './components/receiving-desk';
export { WarehouseSearchDesk } from './components/warehouse-search-desk';
