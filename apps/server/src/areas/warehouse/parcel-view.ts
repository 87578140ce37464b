import { formatPhone, type Parcel, parcelBarcodeOf } from '@vmeste/contract';
import type { WarehouseOrderRow } from '../orders/index.js';
import type { ParcelRow } from './warehouse.schema.js';

/**
 * «+7 (900) 123-**-**»: the storekeeper sees whose parcel it is but not the last four digits, which
 * the client names at hand-over.
 */
export function maskLastFourDigits(phone: string): string {
  return formatPhone(phone).replace(/\d{2}-\d{2}$/, '**-**');
}

export function toParcelView(row: ParcelRow, orders: Pick<WarehouseOrderRow, 'id' | 'number' | 'purchaseTitle'>[]): Parcel {
  return {
    id: row.id,
    number: row.number,
    barcode: parcelBarcodeOf(row.number),
    status: row.status,
    deliveryKind: row.deliveryKind,
    clientName: row.clientName,
    maskedPhone: maskLastFourDigits(row.phone),
    orders: [...orders].sort((a, b) => a.number - b.number).map((o) => ({ id: o.id, number: o.number, purchaseTitle: o.purchaseTitle })),
    weightGrams: row.weightGrams,
    lengthCm: row.lengthCm,
    widthCm: row.widthCm,
    heightCm: row.heightCm,
    packedAt: row.createdAt.toISOString(),
    packedByName: row.packedByName,
    readyAt: row.readyAt?.toISOString() ?? null,
    handedOverAt: row.handedOverAt?.toISOString() ?? null,
    handedOverByName: row.handedOverByName,
  };
}
