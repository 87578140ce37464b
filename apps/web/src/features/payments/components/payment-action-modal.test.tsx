import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminPayment } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/lib/test-api';
import { samplePayment } from '@/test/samples';
import { PaymentActionModal } from './payment-action-modal';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const payment: AdminPayment = {
  ...samplePayment({ bonusKopecks: 20_000 }),
  payer: { phone: '79001234567', name: 'Иванова Мария' },
  purchaseTitles: ['Зимняя обувь'],
  provider: 'sandbox',
  providerPaymentId: 'sb_1',
  receiptMime: null,
};

function stubRefund() {
  return stubApi(({ method, path }) =>
    method === 'POST' && path === `/payments/${payment.id}/refund`
      ? { body: { ...payment, status: 'refunded', refundedKopecks: payment.amountKopecks, history: [] } }
      : undefined,
  );
}

const refundBody = (calls: ReturnType<typeof stubApi>) => calls.find((c) => c.method === 'POST')?.body;

describe('the refund dialog', () => {
  it('returns the whole payment to the bonus account when the admin chooses so', async () => {
    const calls = stubRefund();
    const onClose = vi.fn();
    renderInApp(<PaymentActionModal action={{ kind: 'refund', payment }} onClose={onClose} />);

    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'Деньгами' })).checked).toBe(true);
    expect(screen.getByTestId('payment-action-text').textContent).toContain('Оплаченное бонусами вернётся на бонусный счёт');
    fireEvent.click(screen.getByRole('radio', { name: 'На бонусный счёт' }));
    expect(screen.getByTestId('payment-action-text').textContent).toMatch(/^Вся сумма зачислится на бонусный счёт клиента/);
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть' }));

    await waitFor(() => expect(refundBody(calls)).toBeDefined());
    expect(refundBody(calls)).toEqual({ comment: '', to: 'bonus' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('returns money the way it came by default', async () => {
    const calls = stubRefund();
    renderInApp(<PaymentActionModal action={{ kind: 'refund', payment }} onClose={() => {}} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Комментарий' }), { target: { value: 'Товар не приехал' } });
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть' }));
    await waitFor(() => expect(refundBody(calls)).toBeDefined());
    expect(refundBody(calls)).toEqual({ comment: 'Товар не приехал', to: 'money' });
  });

  it('has nothing to choose for a payment made with bonuses alone', async () => {
    renderInApp(
      <PaymentActionModal
        action={{ kind: 'refund', payment: { ...payment, method: 'bonus', bonusKopecks: 100_000 } }}
        onClose={() => {}}
      />,
    );
    expect((await screen.findByTestId('payment-action-text')).textContent).toMatch(/^Бонусы вернутся на бонусный счёт клиента/);
    expect(screen.queryByRole('radio', { name: 'На бонусный счёт' })).toBeNull();
  });
});
