import type { PublicSettings } from '@vmeste/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, samplePublicSettings, stubApi } from '@/lib/test-api';
import { ONLINE_PAYMENT_OFF, PayForm } from './pay-form';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));

afterEach(() => vi.unstubAllGlobals());

const settingsWith = (paymentProvider: PublicSettings['paymentProvider']): PublicSettings =>
  samplePublicSettings({ paymentProvider, isTelegramEnabled: false });

function renderForm(paymentProvider: PublicSettings['paymentProvider'], purchases = [{ title: 'Обувь', hasTransferCard: true }]) {
  stubApi((call) => (call.path === '/settings/public' ? { body: settingsWith(paymentProvider) } : undefined));
  const send = vi.fn().mockResolvedValue({ payments: [], redirectUrl: null, payerToken: null });
  renderInApp(<PayForm summary="К оплате 1 000,00 ₽" send={send} onTransfer={() => {}} purchases={purchases} />);
  return send;
}

const radio = (name: RegExp) => screen.queryByRole('radio', { name });
// A method's card is a button with the radio role: its state is in aria-checked.
const isChecked = (name: RegExp) => radio(name)?.getAttribute('aria-checked') === 'true';

describe('PayForm without online payment (no provider in the shop)', () => {
  it('offers the transfer alone, says why, and pays by transfer', async () => {
    const send = renderForm(null);
    expect(await screen.findByTestId('online-payment-off')).toBeTruthy();
    expect(screen.getByText(ONLINE_PAYMENT_OFF)).toBeTruthy();
    expect(radio(/Картой онлайн/)).toBeNull();
    expect(radio(/СБП/)).toBeNull();
    expect(isChecked(/Переводом на карту/)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('transfer', 0));
  });

  it('cannot pay when the transfer does not fit either (no card bound to the purchase)', async () => {
    renderForm(null, [{ title: 'Обувь', hasTransferCard: false }]);
    expect(await screen.findByTestId('online-payment-off')).toBeTruthy();
    expect(screen.getByText('Для закупки «Обувь» не указана карта для перевода')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Оплатить' }).disabled).toBe(true);
  });
});

describe('PayForm with a provider', () => {
  it('offers the card, SBP and the transfer, the card first', async () => {
    renderForm('yookassa');
    await waitFor(() => expect(radio(/Картой онлайн/)).toBeTruthy());
    expect(isChecked(/Картой онлайн/)).toBe(true);
    expect(radio(/СБП/)).toBeTruthy();
    expect(radio(/Переводом на карту/)).toBeTruthy();
    expect(screen.queryByTestId('online-payment-off')).toBeNull();
  });
});
