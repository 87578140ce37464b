import type { Order } from '@vmeste/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/lib/test-api';
import { DueSummary } from './due-summary';
import { sampleOrder } from '../test/orders-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
afterEach(() => vi.unstubAllGlobals());

let n = 0;
function order(title: string, patch: Partial<Order>): Order {
  n += 1;
  return sampleOrder({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: n,
    purchase: { ...sampleOrder().purchase, id: `00000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`, title },
    phone: '79000000004',
    createdAt: `2026-11-0${n}T10:00:00.000Z`,
    ...patch,
  });
}

function renderWith(orders: Order[]) {
  stubApi((call) => {
    if (call.path === '/orders/my') return { body: orders };
    if (call.path === '/delivery/invoices/my') return { body: [] };
    return undefined;
  });
  renderInApp(<DueSummary />);
}

describe('the cabinet home lists what is due, by the rule of «Неоплаченные заказы»', () => {
  it('79000000004 on demo data: one payable order listed, not the paid one nor the one still collecting', async () => {
    const payable = order('Детская одежда', { dueKopecks: 368_480 });
    const collecting = order('Постельное бельё', {
      isPayable: false,
      purchase: { ...payable.purchase, title: 'Постельное бельё', status: 'open' },
    });
    const onCheck = order('Посуда', { openPaymentStatus: 'awaiting_check', dueKopecks: 136_400 });
    const paid = order('Зимняя обувь', { paidKopecks: 100_000, dueKopecks: 0, isPayable: false, paymentState: 'paid' });
    // Newest first, as the server lists them: the paid and the collecting ones come before the payable.
    renderWith([paid, onCheck, collecting, payable]);
    await waitFor(() => expect(screen.getByTestId('due-summary').textContent).toContain('1 заказ ждёт оплаты.'));
    expect(screen.getByTestId('due-summary').textContent).toBe(
      '1 заказ ждёт оплаты. 1 заказ ждёт проверки чека. 1 заказ можно будет оплатить после стопа закупки.',
    );
    const listed = screen.getByTestId('due-orders');
    expect(listed.textContent).toContain('Детская одежда');
    for (const title of ['Зимняя обувь', 'Постельное бельё', 'Посуда']) expect(listed.textContent).not.toContain(title);
  });

  it('a receipt on check with nothing paid is not «Все заказы оплачены»', async () => {
    renderWith([order('Посуда', { openPaymentStatus: 'awaiting_check' })]);
    await waitFor(() => expect(screen.getByTestId('due-summary').textContent).toBe('1 заказ ждёт проверки чека.'));
    expect(screen.getByTestId('sum-on-check').textContent).toContain('1 заказ с чеком перевода');
  });
});
