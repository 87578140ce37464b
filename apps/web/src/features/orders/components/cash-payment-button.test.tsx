import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/lib/test-api';
import { CashPaymentButton } from './cash-payment-button';
import { sampleOrder } from '../test/orders-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const order = sampleOrder();

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
