import type { Order, Payment } from '@vmeste/contract';
import { type OrderPaymentState, paymentStateOfOrder } from '@/features/payments';

type States = Map<string, OrderPaymentState>;

/**
 * The orders a client owes now: payable (something due, the purchase takes payments) and not already
 * paid with a receipt on check. The unpaid page asks for exactly these and the cabinet sums them, so
 * what is called due and what the client is asked to pay are one set (review item 13 of issue 14).
 */
export function dueOrdersOf<T extends Pick<Order, 'id' | 'isPayable'>>(orders: readonly T[], states: States): T[] {
  return orders.filter((o) => o.isPayable && paymentStateOfOrder(states, o.id).openPayment?.status !== 'awaiting_check');
}

/** The unpaid page's groups: open payments holding orders, orders to select and pay, orders paid after the stop. */
export function unpaidGroupsOf<T extends Pick<Order, 'id' | 'isPayable' | 'dueKopecks'>>(orders: readonly T[], states: States) {
  const openPayments = new Map<string, Payment>();
  const payable: T[] = [];
  const later: T[] = [];
  for (const order of orders) {
    const { openPayment } = paymentStateOfOrder(states, order.id);
    if (openPayment) openPayments.set(openPayment.id, openPayment);
    else if (order.isPayable) payable.push(order);
    else if (order.dueKopecks > 0) later.push(order);
  }
  return { openPayments: [...openPayments.values()], payable, later };
}

export const sumDue = (orders: readonly Pick<Order, 'dueKopecks'>[]) => orders.reduce((sum, o) => sum + o.dueKopecks, 0);

/** The cabinet's three sums: due now (the set above), on check (receipts the admin has not checked), paid. */
export function cabinetSumsOf(orders: readonly Order[], payments: readonly Payment[], states: States) {
  const due = dueOrdersOf(orders, states);
  const onCheck = payments.filter((p) => p.status === 'awaiting_check');
  return {
    dueKopecks: sumDue(due),
    dueCount: due.length,
    onCheckKopecks: onCheck.reduce((sum, p) => sum + p.amountKopecks, 0),
    onCheckCount: onCheck.length,
    paidKopecks: orders.reduce((sum, o) => sum + o.paidKopecks, 0),
  };
}
