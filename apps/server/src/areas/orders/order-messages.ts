import { formatMoney } from '@vmeste/contract';
import type { NoticeOrder } from './order-notices.repository.js';

/** What the texts say about the purchase. */
export type NoticePurchase = { title: string; paymentDeadline: string | null };

/** `2026-12-05` → `05.12.2026`. */
const dayOf = (date: string) => date.split('-').reverse().join('.');

/**
 * Where the message leads: a client with an account to the cabinet (the unpaid orders when there is
 * something to pay), anyone else to the order's own page, where whoever holds the link may pay it.
 */
export function orderLinkOf(order: Pick<NoticeOrder, 'id' | 'userId'>, publicUrl: string, isPayable: boolean): string {
  if (!order.userId) return `${publicUrl}/order/${order.id}`;
  return `${publicUrl}${isPayable ? '/personal/orders/unpaid' : '/personal'}`;
}

const orderOf = (order: NoticeOrder, purchase: NoticePurchase) => `заказа №${order.number} («${purchase.title}»)`;

const dueLine = (dueKopecks: number, purchase: NoticePurchase) =>
  `К оплате ${formatMoney(dueKopecks)}${purchase.paymentDeadline ? ` до ${dayOf(purchase.paymentDeadline)}` : ''}.`;

/** The purchase took its step into payment: the client's order may be paid now. */
export function paymentOpenedText(order: NoticeOrder, dueKopecks: number, purchase: NoticePurchase, publicUrl: string): string {
  return `Вместе: открыта оплата ${orderOf(order, purchase)}. ${dueLine(dueKopecks, purchase)} Оплатить: ${orderLinkOf(order, publicUrl, true)}`;
}

/** The day before the deadline (or the day itself, when the day before was missed). */
export function paymentReminderText(
  order: NoticeOrder,
  dueKopecks: number,
  purchase: NoticePurchase & { paymentDeadline: string },
  isToday: boolean,
  publicUrl: string,
): string {
  const when = `${isToday ? 'сегодня' : 'завтра'}, ${dayOf(purchase.paymentDeadline)},`;
  return `Вместе: ${when} заканчивается срок оплаты ${orderOf(order, purchase)}. К оплате ${formatMoney(dueKopecks)}. Оплатить: ${orderLinkOf(order, publicUrl, true)}`;
}

/** An order the organizer imported (or entered by hand) for the client: what it costs and when it is paid. */
export function orderPlacedText(
  order: NoticeOrder,
  dueKopecks: number,
  isPayable: boolean,
  purchase: NoticePurchase,
  publicUrl: string,
): string {
  const link = orderLinkOf(order, publicUrl, isPayable);
  const placed = `Вместе: для вас оформлен заказ №${order.number} в закупке «${purchase.title}»`;
  if (isPayable) return `${placed}. ${dueLine(dueKopecks, purchase)} Оплатить: ${link}`;
  return `${placed} на ${formatMoney(order.totalKopecks)}. Когда откроется оплата, мы напишем. Заказ: ${link}`;
}
