import type { PaymentItem } from '@vmeste/contract';

type ItemLike = Pick<PaymentItem, 'kind' | 'orderNumber' | 'invoiceNumber'>;

/** What one item of a payment pays for: «Заказ № 101», or «Счёт за доставку № 5» (an invoice has no order number). */
export function paymentItemLabel(item: ItemLike): string {
  if (item.kind === 'delivery_invoice') return `Счёт за доставку № ${item.invoiceNumber ?? '—'}`;
  return `Заказ № ${item.orderNumber ?? '—'}`;
}

/** The heading over a payment's items: «Заказ», «Заказы», «Доставка», or «Заказы и доставка». */
export function paymentItemsHeading(items: readonly ItemLike[]): string {
  const ordersCount = items.filter((item) => item.kind === 'order').length;
  const invoicesCount = items.length - ordersCount;
  if (invoicesCount === 0) return ordersCount === 1 ? 'Заказ' : 'Заказы';
  if (ordersCount === 0) return 'Доставка';
  return ordersCount === 1 ? 'Заказ и доставка' : 'Заказы и доставка';
}
