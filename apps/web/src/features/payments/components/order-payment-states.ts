import { isPaymentOpen, type Payment } from '@vmeste/contract';

/** What a client's payments say about one order. */
export type OrderPaymentState = {
  /** The payment holding the order (pending or with a receipt on check); the order cannot be paid again meanwhile. */
  openPayment: Payment | null;
  /** The order's latest payment failed with a reason the client should read (a rejected receipt, say). */
  problem: { status: 'rejected' | 'canceled'; reason: string } | null;
};

const none: OrderPaymentState = { openPayment: null, problem: null };

/**
 * Per order, from the client's payments: its open payment, and the reason its latest payment failed.
 * Only the latest payment of an order speaks, so an old rejection is forgotten once the order is paid
 * or paid for again.
 */
export function paymentStatesByOrder(payments: readonly Payment[]): Map<string, OrderPaymentState> {
  const newestFirst = [...payments].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const states = new Map<string, OrderPaymentState>();
  for (const payment of newestFirst) {
    for (const item of payment.items) {
      if (!item.orderId) continue;
      const state = states.get(item.orderId);
      if (!state) {
        states.set(item.orderId, {
          openPayment: isPaymentOpen(payment.status) ? payment : null,
          problem: problemOf(payment),
        });
      } else if (!state.openPayment && isPaymentOpen(payment.status)) {
        state.openPayment = payment;
      }
    }
  }
  return states;
}

function problemOf(payment: Payment): OrderPaymentState['problem'] {
  if (payment.status === 'rejected') return { status: 'rejected', reason: payment.reason || 'причина не указана' };
  if (payment.status === 'canceled' && payment.reason) return { status: 'canceled', reason: payment.reason };
  return null;
}

export function paymentStateOfOrder(states: Map<string, OrderPaymentState>, orderId: string): OrderPaymentState {
  return states.get(orderId) ?? none;
}
