import { normalizePhone, parcelNumberOfBarcode, type WarehouseClient, type WarehouseSearchResult } from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import type { OrdersArea } from '../orders/index.js';
import { maskLastFourDigits } from './parcel-view.js';
import { findClientParcels, findParcelByNumber, findParcelsOfOrders } from './parcels.repository.js';
import type { ParcelsService } from './parcels.service.js';
import { whyNotPackable } from './parcels.service.js';

/** What a typed or scanned text is: a parcel barcode, a phone in any common form, or an order number. */
export function readSearchText(text: string): { kind: 'parcel' | 'phone' | 'order'; value: string | number } | null {
  const parcelNumber = parcelNumberOfBarcode(text);
  if (parcelNumber !== null) return { kind: 'parcel', value: parcelNumber };
  const phone = normalizePhone(text);
  if (phone) return { kind: 'phone', value: phone };
  const orderNumber = /^(?:№|n|#)?\s*(\d{1,9})$/i.exec(text.trim());
  if (orderNumber) return { kind: 'order', value: Number(orderNumber[1]) };
  return null;
}

/**
 * The storekeeper's one search field: whatever was typed or scanned leads to one client with their
 * orders at the warehouse and their parcels.
 */
export function createWarehouseSearch({ db, orders, parcels }: { db: Db; orders: OrdersArea; parcels: ParcelsService }) {
  async function clientOf(phone: string, also: { orderId?: string; parcelId?: string }): Promise<WarehouseClient | null> {
    const [found, parcelRows] = await Promise.all([
      orders.fulfilment.findClientOrders(db, phone, also.orderId ? [also.orderId] : []),
      findClientParcels(db, phone, also.parcelId),
    ]);
    if (found.length === 0 && parcelRows.length === 0) return null;
    const inParcels = await findParcelsOfOrders(
      db,
      found.map((o) => o.id),
    );
    return {
      clientName: found.find((o) => o.clientName)?.clientName ?? parcelRows[0]?.clientName ?? '',
      maskedPhone: maskLastFourDigits(phone),
      deliveryKind: 'pickup',
      orders: found.map((o) => {
        const parcel = inParcels.get(o.id) ?? null;
        const reason = whyNotPackable(o, parcel?.number ?? null);
        return {
          id: o.id,
          number: o.number,
          purchaseId: o.purchaseId,
          purchaseTitle: o.purchaseTitle,
          purchaseStatus: o.purchaseStatus,
          fulfilmentStatus: o.fulfilmentStatus,
          totalKopecks: o.totalKopecks,
          dueKopecks: o.dueKopecks,
          refundDueKopecks: o.refundDueKopecks,
          unitsCount: o.unitsCount,
          arrivedUnitsCount: o.arrivedUnitsCount,
          missingUnitsCount: o.missingUnitsCount,
          parcelId: parcel?.id ?? null,
          parcelNumber: parcel?.number ?? null,
          isPackable: reason === null,
          // Only an arrived order's obstacle is news to the storekeeper; the rest show in its status.
          notPackableReason: o.fulfilmentStatus === 'arrived' ? reason : null,
        };
      }),
      parcels: await parcels.views(db, parcelRows),
    };
  }

  return async function search(text: string): Promise<WarehouseSearchResult> {
    const read = readSearchText(text);
    if (!read) return { matchedBy: 'nothing', clients: [] };
    if (read.kind === 'parcel') {
      const parcel = await findParcelByNumber(db, read.value as number);
      const client = parcel && (await clientOf(parcel.phone, { parcelId: parcel.id }));
      return { matchedBy: 'parcel', clients: client ? [client] : [] };
    }
    if (read.kind === 'phone') {
      const client = await clientOf(read.value as string, {});
      return { matchedBy: 'phone', clients: client ? [client] : [] };
    }
    const order = await orders.fulfilment.findOrderByNumber(db, read.value as number);
    // The order's own parcel stays in view after it was handed over, as the scanned parcel does.
    const parcel = order && (await findParcelsOfOrders(db, [order.id])).get(order.id);
    const client = order && !order.isCanceled && (await clientOf(order.phone, { orderId: order.id, parcelId: parcel?.id }));
    return { matchedBy: 'order', clients: client ? [client] : [] };
  };
}
