import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateInvoicesModal } from './create-invoices-modal';
import { renderInApp, sampleParcel, stubApi } from '../test/logistics-test-kit';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const invoiceOf = (parcel: { id: string; number: number }, priceKopecks: number) => ({
  id: '10000000-0000-4000-8000-000000000001',
  number: 5,
  parcelId: parcel.id,
  parcelNumber: parcel.number,
  kind: 'boxberry',
  destination: '',
  weightGrams: 1000,
  priceKopecks,
  listPriceKopecks: null,
  comment: '',
  status: 'unpaid',
  paidKopecks: 0,
  dueKopecks: priceKopecks,
  isInPayment: false,
  orderNumbers: [],
  createdAt: '2026-03-02T09:00:00.000Z',
  paidAt: null,
});

const submitButton = () => screen.getByRole('button', { name: /Выставить сч/ });

describe('CreateInvoicesModal', () => {
  it('lists the parcels with their quotes and the total, and invoices them at the price list', async () => {
    const first = sampleParcel({ number: 12, quotedPriceKopecks: 35_000 });
    const second = sampleParcel({ number: 15, quotedPriceKopecks: 42_050 });
    const calls = stubApi(({ method, path }) =>
      method === 'POST' && path === '/logistics/invoices'
        ? { status: 201, body: { invoices: [invoiceOf(first, 35_000), invoiceOf(second, 42_050)] } }
        : undefined,
    );
    const onInvoiced = vi.fn();
    renderInApp(<CreateInvoicesModal parcels={[first, second]} onClose={vi.fn()} onInvoiced={onInvoiced} />);

    const table = await screen.findByTestId('invoice-parcels');
    expect(table.textContent).toContain('№ 12');
    expect(table.textContent).toMatch(/350,00\s₽/);
    expect(table.textContent).toMatch(/420,50\s₽/);
    expect(screen.getByTestId('quoted-total').textContent).toMatch(/770,50\s₽ за 2 посылки/);
    fireEvent.click(submitButton());

    await waitFor(() => expect(onInvoiced).toHaveBeenCalled());
    expect(calls.map((c) => c.body)).toEqual([{ parcelIds: [first.id, second.id], priceKopecks: null, comment: '' }]);
  });

  it('wants a comment with an own price, then sends the price in kopecks', async () => {
    const parcel = sampleParcel();
    const calls = stubApi(({ path }) =>
      path === '/logistics/invoices' ? { status: 201, body: { invoices: [invoiceOf(parcel, 39_990)] } } : undefined,
    );
    const onInvoiced = vi.fn();
    renderInApp(<CreateInvoicesModal parcels={[parcel]} onClose={vi.fn()} onInvoiced={onInvoiced} />);

    fireEvent.change(await screen.findByRole('textbox', { name: /Своя цена, ₽/ }), { target: { value: '399,90' } });
    expect(screen.getByTestId('own-total').textContent).toMatch(/1 × 399,90\s₽ = 399,90\s₽/);
    fireEvent.click(submitButton());
    expect(await screen.findByText('Напишите, почему цена отличается от прайс-листа')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Комментарий/ }), { target: { value: 'Негабарит' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(onInvoiced).toHaveBeenCalled());
    expect(calls.map((c) => c.body)).toEqual([{ parcelIds: [parcel.id], priceKopecks: 39_990, comment: 'Негабарит' }]);
  });

  it('refuses a price it cannot read as rubles', async () => {
    const calls = stubApi(() => undefined);
    renderInApp(<CreateInvoicesModal parcels={[sampleParcel()]} onClose={vi.fn()} onInvoiced={vi.fn()} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Своя цена, ₽/ }), { target: { value: '3,5,0' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Цена — в рублях, например 350 или 349,90')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('names the parcel without a tariff and lets it go only at an own price', async () => {
    const covered = sampleParcel({ number: 12, quotedPriceKopecks: 35_000 });
    const uncovered = sampleParcel({ number: 17, quotedPriceKopecks: null, weightGrams: 40_000 });
    const calls = stubApi(({ path }) =>
      path === '/logistics/invoices' ? { status: 201, body: { invoices: [invoiceOf(covered, 100_000)] } } : undefined,
    );
    renderInApp(<CreateInvoicesModal parcels={[covered, uncovered]} onClose={vi.fn()} onInvoiced={vi.fn()} />);

    expect((await screen.findByTestId('missing-tariff')).textContent).toBe(
      'Нет тарифа для посылки № 17: укажите цену вручную или дополните прайс-лист',
    );
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('quoted-total').textContent).toMatch(/350,00\s₽ за 1 посылку \(без тарифа — 1\)/);

    fireEvent.change(screen.getByRole('textbox', { name: /Своя цена, ₽/ }), { target: { value: '1000' } });
    expect(screen.queryByTestId('missing-tariff')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Комментарий/ }), { target: { value: 'Тяжёлая посылка' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ parcelIds: [covered.id, uncovered.id], priceKopecks: 100_000, comment: 'Тяжёлая посылка' });
  });

  it('shows the server’s refusal in the window', async () => {
    stubApi(() => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Посылка № 12 уже со счётом', field: 'parcelIds' },
    }));
    const onInvoiced = vi.fn();
    renderInApp(<CreateInvoicesModal parcels={[sampleParcel()]} onClose={vi.fn()} onInvoiced={onInvoiced} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Выставить счёт' }));
    expect(await screen.findByText('Посылка № 12 уже со счётом')).toBeTruthy();
    expect(onInvoiced).not.toHaveBeenCalled();
  });
});
