/**
 * The warehouse area: receiving a purchase's goods, finding a client's orders, packing parcels with
 * labels, and handing self-pickup parcels over. Owns the tables parcels and parcel_items; serves
 * /warehouse/*. Orders change only through the orders area's face (orders.fulfilment), purchases
 * through theirs, in the same transaction as the warehouse's own rows.
 */
import { createParcelLogistics } from './parcel-logistics.js';
import { createParcelsService } from './parcels.service.js';
import { createReceivingService, type WarehouseDeps } from './receiving.service.js';
import { createWarehouseSearch } from './warehouse-search.js';
import { warehouseRoutes } from './warehouse.routes.js';

export function createWarehouseArea(deps: WarehouseDeps) {
  const { db, orders, purchases, messenger } = deps;
  const receiving = createReceivingService(deps);
  purchases.onStatusChanging((tx, change) => receiving.refuseUnreceivedDistribution(tx, change));
  const parcels = createParcelsService({ db, orders, messenger });
  const search = createWarehouseSearch({ db, orders, parcels });
  return {
    routes: warehouseRoutes({ receiving, parcels, search }),
    receiving,
    parcels,
    /** For the delivery area: parcels read and moved along their way (invoiced, paid, shipped, delivered). */
    logistics: createParcelLogistics({ orders }),
    /** The delivery area says how each new parcel travels (the client's default method). */
    provideDeliveryChooser: parcels.provideDeliveryChooser,
    /** Before a self-pickup parcel goes on the shelf; a subscriber may veto it. */
    onParcelShelving: parcels.onShelving,
  };
}

export type { ParcelForDelivery } from './parcel-logistics.js';
export type { ParcelRow } from './warehouse.schema.js';
export type WarehouseArea = ReturnType<typeof createWarehouseArea>;
