import type { RefundDestination } from '@vmeste/contract';
import { createInTransactionEvent } from '../../shared/in-transaction-event.js';

/** A payment as the bonus programme needs it. */
export type PaymentMoment = {
  paymentId: string;
  paymentNumber: number;
  /** The client who paid from the cabinet; null for a payment by order link. */
  userId: string | null;
  payerPhone: string;
  amountKopecks: number;
  bonusKopecks: number;
};

export type SucceededPayment = PaymentMoment & {
  paidAt: Date;
  /** The order items and the money part of each (what bonuses did not cover). */
  items: { itemId: string; orderId: string; orderNumber: number | null; moneyKopecks: number }[];
};

/** One item's share of a refund. */
export type RefundPart = {
  refundId: string;
  itemId: string;
  orderId: string | null;
  orderNumber: number | null;
  amountKopecks: number;
  destination: RefundDestination;
  /** Taken from the money part of the item: the base its cashback is reversed on. */
  moneyPartKopecks: number;
  /** What goes to the client's bonus account: all of it to bonuses, or the bonus part of a money refund. */
  toBonusKopecks: number;
};

/**
 * What the payments area announces inside its own transactions. The bonus programme writes its
 * ledger rows on them; a handler that throws (not enough bonuses) refuses the payment.
 */
export function createPaymentEvents() {
  return {
    /** A payment is written; its bonus part must be taken now. */
    created: createInTransactionEvent<PaymentMoment>(),
    /** A payment ended without money (canceled, rejected, expired, never started): its bonuses come back. */
    closed: createInTransactionEvent<PaymentMoment>(),
    /** The money came. */
    succeeded: createInTransactionEvent<SucceededPayment>(),
    /** Part of a payment went back. */
    refunded: createInTransactionEvent<PaymentMoment & { parts: RefundPart[] }>(),
  };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;

export function paymentMomentOf(payment: {
  id: string;
  number: number;
  userId: string | null;
  payerPhone: string;
  amountKopecks: number;
  bonusKopecks: number;
}): PaymentMoment {
  return {
    paymentId: payment.id,
    paymentNumber: payment.number,
    userId: payment.userId,
    payerPhone: payment.payerPhone,
    amountKopecks: payment.amountKopecks,
    bonusKopecks: payment.bonusKopecks,
  };
}
