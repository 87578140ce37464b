import type { Order } from '@vmeste/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/lib/test-api';
import { CashPaymentButton } from './cash-payment-button';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const order: Order = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 101,
  purchase: {
    id: '00000000-0000-4000-8000-0000000000a1',
    title: 'Зимняя обувь',
    status: 'payment',
    paymentDeadline: null,
    hasTransferCard: true,
  },
  phone: '79001234567',
  clientName: 'Иванова Мария',
  hasAccount: true,
  isCanceled: false,
  lines: [],
  goodsKopecks: 100_000,
  organizerFeePercent: 0,
  organizerFeeKopecks: 0,
  totalKopecks: 100_000,
  paidKopecks: 0,
  dueKopecks: 100_000,
  refundDueKopecks: 0,
  isPayable: true,
  openPaymentStatus: null,
  paymentProblem: null,
  paymentState: 'unpaid',
  fulfilmentStatus: 'awaiting_goods',
  createdAt: '2026-03-01T10:00:00.000Z',
};

describe('CashPaymentButton', () => {
  it('takes the phone through the +7 mask and searches by the digits typed after +7', async () => {
    const calls = stubApi((call) => (call.path === '/orders' ? { body: { items: [order], total: 1 } } : undefined));
    renderInApp(<CashPaymentButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Оплата наличными' }));
    const field = await screen.findByRole('textbox', { name: /Телефон клиента/ });
    fireEvent.input(field, { target: { value: '900123' } });
    expect((field as HTMLInputElement).value).toBe('+7 (900) 123');
    await waitFor(() => expect(calls.some((c) => c.path === '/orders' && c.query.get('phone') === '900123')).toBe(true));
    expect(await screen.findByText('+7 (900) 123-45-67 · Иванова Мария')).toBeTruthy();
  });
});
