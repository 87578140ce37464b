import { type CourierAddress, type DeliveryKind, deliveryKindTitles, type Recipient } from '@vmeste/contract';
import type { PointSnapshot } from './delivery.schema.js';

/** Everything a destination is: a method, or a parcel's copy of one. */
export type Destination = {
  kind: DeliveryKind;
  recipientPhone: string;
  recipientName: string;
  recipientSurname: string;
  point: PointSnapshot | null;
  address: CourierAddress | null;
};

export const recipientOf = (d: Destination): Recipient => ({ phone: d.recipientPhone, name: d.recipientName, surname: d.recipientSurname });

/** One line for lists, labels and messages: «ПВЗ Boxberry: Москва, ул. Тверская, д. 7». */
export function destinationTitleOf(d: Destination, pickupAddress: string): string {
  if (d.kind === 'boxberry' && d.point) return `ПВЗ Boxberry: ${d.point.cityName}, ${d.point.address}`;
  if (d.kind === 'courier' && d.address) return `Курьер: ${[d.address.value, d.address.details].filter(Boolean).join(', ')}`;
  if (d.kind === 'pickup') return `Самовывоз: ${pickupAddress}`;
  return deliveryKindTitles[d.kind];
}
