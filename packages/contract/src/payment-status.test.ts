import { describe, expect, it } from 'vitest';
import {
  canMovePayment,
  illegalPaymentMoveMessage,
  isPaymentOpen,
  moneyPaymentStatuses,
  paymentStatuses,
  type PaymentStatus,
  paymentTransitions,
} from './payments.js';

/** Every legal move, written out by hand: the table must say exactly this. */
const legal: [PaymentStatus, PaymentStatus][] = [
  ['pending', 'awaiting_check'], // a receipt of a transfer
  ['pending', 'succeeded'], // the provider's money, cash, bonuses alone
  ['pending', 'canceled'], // declined, expired, abandoned, the purchase canceled
  ['awaiting_check', 'awaiting_check'], // a newer receipt
  ['awaiting_check', 'succeeded'], // the admin confirms
  ['awaiting_check', 'rejected'], // the admin rejects the receipt
  ['awaiting_check', 'canceled'], // the admin cancels, the purchase is canceled
  ['succeeded', 'succeeded'], // a partial refund
  ['succeeded', 'refunded'], // the last of the money went back
  ['canceled', 'succeeded'], // money that came late
];

describe('payment status moves', () => {
  it('allow exactly the listed moves', () => {
    const allowed = paymentStatuses.flatMap((from) => paymentStatuses.filter((to) => canMovePayment(from, to)).map((to) => [from, to]));
    expect(allowed.sort()).toEqual([...legal].sort());
  });

  it('lead nowhere from the final states and never back to an open one once money came', () => {
    expect(paymentTransitions.refunded).toEqual([]);
    expect(paymentTransitions.rejected).toEqual([]);
    for (const from of moneyPaymentStatuses) {
      for (const to of paymentStatuses) if (isPaymentOpen(to)) expect(canMovePayment(from, to)).toBe(false);
    }
    // Nothing becomes pending again: a new attempt is a new payment.
    for (const from of paymentStatuses) expect(canMovePayment(from, 'pending')).toBe(false);
  });

  it('name the payment and both states in Russian when refused', () => {
    expect(illegalPaymentMoveMessage(17, 'canceled', 'awaiting_check')).toBe(
      'Платёж №17: нельзя перевести из «Отменён» в «Чек на проверке»',
    );
    expect(illegalPaymentMoveMessage(3, 'refunded', 'succeeded')).toBe('Платёж №3: нельзя перевести из «Возвращён» в «Оплачен»');
  });
});
