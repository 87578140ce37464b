// How a parcel travels, its links and a delivery invoice's statuses, apart from the schemas: the
// cabinet's order pages show a kind or an invoice's status and take these without zod (issue 29, item 3).

/** How a parcel reaches its client: a Boxberry pickup point, a courier to the door, or the shop's own point. */
export const deliveryKinds = ['boxberry', 'courier', 'pickup'] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];
export const deliveryKindTitles: Record<DeliveryKind, string> = {
  boxberry: 'Пункт выдачи Boxberry',
  courier: 'Курьер Boxberry',
  pickup: 'Самовывоз',
};
/** Kinds the shop ships through Boxberry; self-pickup parcels stay at the warehouse. */
export const shippedDeliveryKinds: readonly DeliveryKind[] = ['boxberry', 'courier'];

/** Boxberry's public tracking page for a track number. */
export const trackingUrlOf = (track: string) => `https://boxberry.ru/tracking-page?id=${encodeURIComponent(track)}`;
/** A map at the point's coordinates, or a search by its address. */
export function mapUrlOf(point: { lat: number | null; lon: number | null; address: string; cityName: string }): string {
  if (point.lat !== null && point.lon !== null) return `https://yandex.ru/maps/?pt=${point.lon},${point.lat}&z=17&l=map`;
  return `https://yandex.ru/maps/?text=${encodeURIComponent(`${point.cityName}, ${point.address}`)}`;
}

export const invoiceStatuses = ['unpaid', 'paid', 'canceled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusTitles: Record<InvoiceStatus, string> = { unpaid: 'Не оплачен', paid: 'Оплачен', canceled: 'Отменён' };
