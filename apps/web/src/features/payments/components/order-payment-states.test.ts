import type { Payment } from '@vmeste/contract';
import { describe, expect, it } from 'vitest';
import { paymentStateOfOrder, paymentStatesByOrder } from './order-payment-states';

let sequence = 0;
function payment(status: Payment['status'], orderIds: string[], createdAt: string, reason: string | null = null): Payment {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    number: sequence,
    method: 'transfer',
    status,
    amountKopecks: 1000 * orderIds.length,
    bonusKopecks: 0,
    refundedKopecks: 0,
    items: orderIds.map((orderId, i) => ({
      id: `10000000-0000-4000-8000-${String(sequence * 100 + i).padStart(12, '0')}`,
      kind: 'order',
      orderId,
      orderNumber: i + 1,
      invoiceId: null,
      invoiceNumber: null,
      purchaseTitle: 'Закупка',
      amountKopecks: 1000,
      bonusKopecks: 0,
      refundedKopecks: 0,
    })),
    transfer: null,
    hasReceipt: status !== 'pending',
    reason,
    confirmationUrl: null,
    createdAt,
    paidAt: null,
  };
}

describe('paymentStatesByOrder', () => {
  it('finds the open payment of each of its orders', () => {
    const open = payment('awaiting_check', ['a', 'b'], '2026-05-02T10:00:00Z');
    const states = paymentStatesByOrder([open]);
    expect(paymentStateOfOrder(states, 'a').openPayment).toBe(open);
    expect(paymentStateOfOrder(states, 'b').openPayment).toBe(open);
    expect(paymentStateOfOrder(states, 'c')).toEqual({ openPayment: null, problem: null });
  });

  it('gives the reason of a rejected receipt while it is the latest payment of the order', () => {
    const rejected = payment('rejected', ['a'], '2026-05-01T10:00:00Z', 'Сумма в чеке меньше');
    expect(paymentStateOfOrder(paymentStatesByOrder([rejected]), 'a').problem).toEqual({
      status: 'rejected',
      reason: 'Сумма в чеке меньше',
    });

    const again = payment('pending', ['a'], '2026-05-01T12:00:00Z');
    // The list comes newest first, but the order of the input does not matter.
    const state = paymentStateOfOrder(paymentStatesByOrder([rejected, again]), 'a');
    expect(state.problem).toBeNull();
    expect(state.openPayment).toBe(again);
  });

  it('names a canceled payment only when it has a reason', () => {
    const abandoned = payment('canceled', ['a'], '2026-05-01T10:00:00Z');
    const canceled = payment('canceled', ['b'], '2026-05-01T10:00:00Z', 'Заказ изменён, оплатите новую сумму');
    const states = paymentStatesByOrder([abandoned, canceled]);
    expect(paymentStateOfOrder(states, 'a').problem).toBeNull();
    expect(paymentStateOfOrder(states, 'b').problem).toEqual({ status: 'canceled', reason: 'Заказ изменён, оплатите новую сумму' });
  });

  it('forgets an old rejection once the order was paid', () => {
    const rejected = payment('rejected', ['a'], '2026-05-01T10:00:00Z', 'Не тот получатель');
    const paid = payment('succeeded', ['a'], '2026-05-03T10:00:00Z');
    expect(paymentStateOfOrder(paymentStatesByOrder([paid, rejected]), 'a')).toEqual({ openPayment: null, problem: null });
  });
});
