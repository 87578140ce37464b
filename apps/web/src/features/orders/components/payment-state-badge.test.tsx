import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { type PaymentState, paymentStates, type PublicOrder } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderCard } from './order-card';
import { PaymentStateBadge } from './payment-state-badge';

const wrap = (node: ReactNode) =>
  render(
    <MemoryRouter>
      <MantineProvider>{node}</MantineProvider>
    </MemoryRouter>,
  );

function canceledOrder(paymentState: PaymentState, paidKopecks: number): PublicOrder {
  return {
    id: crypto.randomUUID(),
    number: 7,
    purchase: { id: crypto.randomUUID(), title: 'Отменённая закупка', status: 'canceled', paymentDeadline: null, hasTransferCard: false },
    phone: '+7 900 ***-**-67',
    clientName: 'Мария',
    isCanceled: true,
    lines: [],
    goodsKopecks: 100_000,
    organizerFeePercent: 0,
    organizerFeeKopecks: 0,
    totalKopecks: 100_000,
    paidKopecks,
    dueKopecks: 0,
    refundDueKopecks: 0,
    isPayable: false,
    openPaymentStatus: null,
    paymentProblem: null,
    paymentState,
    fulfilmentStatus: 'awaiting_goods',
    createdAt: '2026-11-20T10:00:00Z',
  };
}

describe('the payment state badge', () => {
  it('names every state in Russian', () => {
    const expected: Record<PaymentState, string> = {
      unpaid: 'Не оплачен',
      partially_paid: 'Доплата',
      paid: 'Оплачен',
      refund_due: 'К возврату',
      canceled: 'Отменён',
    };
    for (const state of paymentStates) {
      const { unmount } = wrap(<PaymentStateBadge state={state} />);
      expect(screen.getByTestId('payment-state').textContent).toBe(expected[state]);
      unmount();
    }
  });

  it('shows a canceled order as the server states it: «Отменён», or «К возврату» while money goes back', () => {
    const { unmount } = wrap(<OrderCard order={canceledOrder('canceled', 0)} />);
    expect(screen.getByTestId('payment-state').textContent).toBe('Отменён');
    unmount();
    wrap(<OrderCard order={canceledOrder('refund_due', 70_000)} />);
    expect(screen.getByTestId('payment-state').textContent).toBe('К возврату');
  });
});
