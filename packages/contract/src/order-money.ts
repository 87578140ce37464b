import { applyPercentHalfUp } from './money.js';
import type { PurchaseStatus } from './purchases.js';

/**
 * The money rules of an order, in one place. The server repeats four of them in SQL for speed
 * (apps/server/src/areas/orders/order-money.sql.ts); a test runs both on the same inputs.
 */

/** A canceled order has states of its own: it owes nothing, so it is never «Не оплачен» (see paymentStateOf). */
export const paymentStates = ['unpaid', 'partially_paid', 'paid', 'refund_due', 'canceled'] as const;
export type PaymentState = (typeof paymentStates)[number];
export const paymentStateTitles: Record<PaymentState, string> = {
  unpaid: 'Не оплачен',
  partially_paid: 'Доплата',
  paid: 'Оплачен',
  refund_due: 'К возврату',
  canceled: 'Отменён',
};

/** Goods plus the organizer fee, the fee rounded half-up to the kopeck. */
export function orderTotalsOf(goodsKopecks: number, organizerFeeBasisPoints: number) {
  const organizerFeeKopecks = applyPercentHalfUp(goodsKopecks, organizerFeeBasisPoints);
  return { goodsKopecks, organizerFeeKopecks, totalKopecks: goodsKopecks + organizerFeeKopecks };
}

/** What is still owed: the unpaid rest of the total, nothing for a canceled order. */
export function dueOf(order: { totalKopecks: number; paidKopecks: number; isCanceled: boolean }): number {
  return order.isCanceled ? 0 : Math.max(0, order.totalKopecks - order.paidKopecks);
}

/**
 * What the shop owes back: of a live order, money paid beyond the total (goods that did not arrive, a
 * lower fee); of a canceled order, everything it holds — its bonus part goes back to bonuses.
 */
export function refundDueOf(order: { totalKopecks: number; paidKopecks: number; isCanceled: boolean }): number {
  return order.isCanceled ? Math.max(0, order.paidKopecks) : Math.max(0, order.paidKopecks - order.totalKopecks);
}

/**
 * A live order: paid nothing → unpaid; paid part (a total grew after payment, say) → partially paid;
 * else paid. A canceled order owes nothing, so it is never unpaid: money it still holds goes back to
 * the client (refund due), and with nothing held it is simply canceled.
 */
export function paymentStateOf(order: { totalKopecks: number; paidKopecks: number; isCanceled: boolean }): PaymentState {
  const { totalKopecks, paidKopecks } = order;
  if (order.isCanceled) return paidKopecks > 0 ? 'refund_due' : 'canceled';
  if (paidKopecks >= totalKopecks) return 'paid';
  return paidKopecks > 0 ? 'partially_paid' : 'unpaid';
}

/**
 * Purchase stages in which orders are paid: from the stop (the supplier's bill is known) until the
 * goods are handed out. Later stages carry extra charges of their own.
 */
export const payablePurchaseStatuses: readonly PurchaseStatus[] = ['payment', 'ordered', 'in_transit', 'at_warehouse', 'distribution'];

/** Whether a client is asked to pay this order now: something is due and its purchase takes payments. */
export function isOrderPayable(order: { dueKopecks: number; purchaseStatus: PurchaseStatus }): boolean {
  return order.dueKopecks > 0 && payablePurchaseStatuses.includes(order.purchaseStatus);
}

/**
 * Where a client's payment of an order stands, the one rule of the cabinet's summary and of
 * «Неоплаченные заказы»: to pay now, in a payment already started (online, not finished), with a
 * receipt on check, to pay after the purchase's stop, or nothing to pay.
 */
export type ClientPaymentStep = 'to_pay' | 'in_payment' | 'on_check' | 'after_stop' | 'settled';

export function clientPaymentStepOf(order: {
  isCanceled: boolean;
  dueKopecks: number;
  isPayable: boolean;
  openPaymentStatus: 'pending' | 'awaiting_check' | null;
}): ClientPaymentStep {
  if (order.isCanceled || order.dueKopecks <= 0) return 'settled';
  if (order.openPaymentStatus === 'awaiting_check') return 'on_check';
  if (order.openPaymentStatus === 'pending') return 'in_payment';
  return order.isPayable ? 'to_pay' : 'after_stop';
}
