import type { RefundDue, RefundDueSource } from '@vmeste/contract';
import type { OverpaidOrder } from '../orders/index.js';
import type { RefundableItem } from './payments.repository.js';

/**
 * Where an order's refund due goes back from: its parts of succeeded payments, newest first (the
 * money that came last is returned first, as a partial refund of the newest payment is the least
 * surprise for the client), each giving at most what is left of it.
 */
export function allocateRefundDue(dueKopecks: number, refundable: RefundableItem[]): RefundDueSource[] {
  let left = dueKopecks;
  return refundable.map(({ item, payment }) => {
    const refundableKopecks = item.amountKopecks - item.refundedKopecks;
    const refundKopecks = Math.max(0, Math.min(refundableKopecks, left));
    left -= refundKopecks;
    return {
      paymentId: payment.id,
      number: payment.number,
      method: payment.method,
      isOnline: payment.provider !== null,
      paidAt: payment.paidAt?.toISOString() ?? null,
      refundableKopecks,
      refundKopecks,
    };
  });
}

/** The admin's row of a refund due: the order, its money and the payments it goes back from (all of it, for a canceled order). */
export function toRefundDueView(order: OverpaidOrder, refundable: RefundableItem[]): RefundDue {
  return {
    orderId: order.id,
    orderNumber: order.number,
    isCanceled: order.isCanceled,
    purchaseId: order.purchaseId,
    purchaseTitle: order.purchaseTitle,
    clientName: order.clientName,
    phone: order.phone,
    totalKopecks: order.totalKopecks,
    paidKopecks: order.paidKopecks,
    refundDueKopecks: order.refundDueKopecks,
    payments: allocateRefundDue(order.refundDueKopecks, refundable),
  };
}
