import { type ClientParcel, type DeliveryInvoice, type LogisticsParcel, type Tariff, tariffFor, trackingUrlOf } from '@vmeste/contract';
import type { DbOrTx } from '../../db/client.js';
import type { ParcelForDelivery } from '../warehouse/index.js';
import type { DestinationRow, InvoiceRow, ShipmentRow } from './delivery.schema.js';
import { type Destination, destinationPlaceOf, recipientFromClient, recipientOf } from './destinations.js';
import { findDestinations, findShipments } from './destinations.repository.js';
import { findLiveInvoicesOfParcels } from './invoices.repository.js';

/** A parcel packed before its destination was recorded goes to self-pickup, to its client. */
export function fallbackDestination(parcel: ParcelForDelivery): Destination {
  const recipient = recipientFromClient(parcel.phone, undefined, parcel.clientName);
  return {
    kind: parcel.deliveryKind,
    recipientPhone: recipient.phone,
    recipientName: recipient.name,
    recipientSurname: recipient.surname,
    point: null,
    address: null,
  };
}

export function toInvoiceView(
  row: InvoiceRow,
  parcel: Pick<ParcelForDelivery, 'number' | 'orderNumbers'>,
  isInPayment: boolean,
): DeliveryInvoice {
  return {
    id: row.id,
    number: row.number,
    parcelId: row.parcelId,
    parcelNumber: parcel.number,
    kind: row.kind,
    destination: row.destination,
    weightGrams: row.weightGrams,
    priceKopecks: row.priceKopecks,
    listPriceKopecks: row.listPriceKopecks,
    comment: row.comment,
    status: row.status,
    paidKopecks: row.paidKopecks,
    dueKopecks: row.status === 'unpaid' ? Math.max(0, row.priceKopecks - row.paidKopecks) : 0,
    isInPayment,
    orderNumbers: parcel.orderNumbers,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

function toShipmentView(row: ShipmentRow) {
  return {
    track: row.track,
    trackingUrl: trackingUrlOf(row.track),
    statusName: row.statusName,
    statusAt: row.statusAt?.toISOString() ?? null,
    history: row.history,
    shippedAt: row.createdAt.toISOString(),
  };
}

/** Whether the price list wants an invoice for this parcel: always for Boxberry, for self-pickup only at a price. */
export function needsInvoice(kind: ParcelForDelivery['deliveryKind'], weightGrams: number, tariffs: Tariff[] | null): boolean {
  if (kind !== 'pickup') return true;
  const tariff = tariffs ? tariffFor(tariffs, kind, weightGrams) : null;
  return Boolean(tariff && tariff.priceKopecks > 0);
}

/** Builds the views of parcels with their destinations, invoices and shipments, each read once for the page. */
export async function parcelViews(
  db: DbOrTx,
  parcels: ParcelForDelivery[],
  context: { pickupAddress: string; tariffs: Tariff[] | null; openInvoiceIds: Set<string> },
): Promise<LogisticsParcel[]> {
  const ids = parcels.map((p) => p.id);
  const [destinations, invoices, shipments] = await Promise.all([
    findDestinations(db, ids),
    findLiveInvoicesOfParcels(db, ids),
    findShipments(db, ids),
  ]);
  return parcels.map((parcel) => {
    const destination: Destination | DestinationRow = destinations.get(parcel.id) ?? fallbackDestination(parcel);
    const invoice = invoices.get(parcel.id);
    const shipment = shipments.get(parcel.id);
    const tariff = context.tariffs ? tariffFor(context.tariffs, parcel.deliveryKind, parcel.weightGrams) : null;
    return {
      id: parcel.id,
      number: parcel.number,
      status: parcel.status,
      kind: parcel.deliveryKind,
      destination: destinationPlaceOf(destination, context.pickupAddress),
      recipient: recipientOf(destination),
      weightGrams: parcel.weightGrams,
      orderNumbers: parcel.orderNumbers,
      invoice: invoice ? toInvoiceView(invoice, parcel, context.openInvoiceIds.has(invoice.id)) : null,
      shipment: shipment ? toShipmentView(shipment) : null,
      canChangeMethod: parcel.status === 'packed' || parcel.status === 'invoiced',
      packedAt: parcel.createdAt.toISOString(),
      clientName: parcel.clientName,
      phone: parcel.phone,
      lengthCm: parcel.lengthCm,
      widthCm: parcel.widthCm,
      heightCm: parcel.heightCm,
      quotedPriceKopecks: tariff?.priceKopecks ?? null,
      needsInvoice: needsInvoice(parcel.deliveryKind, parcel.weightGrams, context.tariffs),
      lastCheckedAt: shipment?.lastCheckedAt?.toISOString() ?? null,
    };
  });
}

export function toClientParcel(view: LogisticsParcel): ClientParcel {
  const {
    clientName: _c,
    phone: _p,
    lengthCm: _l,
    widthCm: _w,
    heightCm: _h,
    quotedPriceKopecks: _q,
    needsInvoice: _n,
    lastCheckedAt: _t,
    ...client
  } = view;
  return client;
}
