import { type CourierAddress, type DeliveryKind, deliveryKindTitles, pointAddressOf, type Recipient } from '@vmeste/contract';
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

/**
 * The recipient when there is no method to copy: the account's own name, or the order's client name,
 * which the shop writes surname first («Иванова Мария»).
 */
export function recipientFromClient(
  phone: string,
  account: { firstName: string; surname: string } | undefined,
  clientName: string,
): Recipient {
  if (account) return { phone, name: account.firstName, surname: account.surname };
  const [surname = '', ...names] = clientName.trim().split(/\s+/);
  return { phone, name: names.join(' '), surname };
}

export const recipientOf = (d: Destination): Recipient => ({ phone: d.recipientPhone, name: d.recipientName, surname: d.recipientSurname });

/**
 * Where a parcel goes, without how: «Москва, Арбат ул, д.24». Lists and cards show the kind beside it,
 * so the place alone is what parcels and invoices carry.
 */
export function destinationPlaceOf(d: Destination, pickupAddress: string): string {
  if (d.kind === 'boxberry' && d.point) return pointAddressOf(d.point);
  if (d.kind === 'courier' && d.address) return [d.address.value, d.address.details].filter(Boolean).join(', ');
  if (d.kind === 'pickup') return pickupAddress;
  return '';
}

/** One line where the kind is not shown apart (a method's title): «ПВЗ Boxberry: Москва, Арбат ул, д.24». */
export function destinationTitleOf(d: Destination, pickupAddress: string): string {
  const place = destinationPlaceOf(d, pickupAddress);
  if (!place) return deliveryKindTitles[d.kind];
  return `${d.kind === 'boxberry' ? 'ПВЗ Boxberry' : deliveryKindTitles[d.kind]}: ${place}`;
}
