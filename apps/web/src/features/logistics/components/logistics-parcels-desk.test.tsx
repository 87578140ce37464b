import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LogisticsParcel } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleDeliveryInvoice } from '@/test/samples';
import { LogisticsParcelsDesk } from './logistics-parcels-desk';
import { type ApiCall, renderInApp, sampleParcel, stubApi } from '../test/logistics-test-kit';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const summary = {
  awaitingInvoice: 2,
  invoiced: 1,
  oldestUnpaidDays: 3,
  toShip: 1,
  stalled: 0,
  stalledDays: 5,
  shipped: 4,
  readyForPickup: 0,
};

function stubDesk(parcels: LogisticsParcel[], more: (call: ApiCall) => { status?: number; body: unknown } | undefined = () => undefined) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/logistics/summary') return { body: summary };
    if (call.method === 'GET' && call.path === '/logistics/parcels') return { body: { items: parcels, total: parcels.length } };
    return more(call);
  });
}

describe('LogisticsParcelsDesk', () => {
  it('lists the stage from the address, with the quote and the parcels that need no invoice', async () => {
    const quoted = sampleParcel({ number: 12, quotedPriceKopecks: 35_000 });
    const free = sampleParcel({ number: 14, kind: 'pickup', destination: '', needsInvoice: false, quotedPriceKopecks: 0 });
    const calls = stubDesk([quoted, free]);
    renderInApp(<LogisticsParcelsDesk />, { path: '/logistician/invoices?stage=awaiting_invoice&q=Иванова' });

    expect(await screen.findByText('№ 12')).toBeTruthy();
    expect(screen.getByText('Счёт не нужен')).toBeTruthy();
    expect(screen.getAllByText('+7 (900) 000-00-01')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: /Ждут счёта/ }).getAttribute('aria-selected')).toBe('true');
    const list = calls.find((c) => c.path === '/logistics/parcels')!;
    expect(Object.fromEntries(list.query)).toEqual({ stage: 'awaiting_invoice', q: 'Иванова', page: '1', pageSize: '20' });
    // Only a parcel that needs an invoice can be ticked.
    expect(screen.getByRole('checkbox', { name: 'Выбрать посылку № 12' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('checkbox', { name: 'Выбрать посылку № 14' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать посылку № 12' }));
    fireEvent.click(screen.getByRole('button', { name: 'Выставить счета (1)' }));
    expect(await screen.findByRole('dialog', { name: 'Выставить счета за доставку' })).toBeTruthy();
  });

  it('ships a paid parcel and shows its track; Boxberry’s refusal stays in the row', async () => {
    const parcel = sampleParcel({ number: 21, status: 'paid' });
    let isBoxberryDown = true;
    const shipped: LogisticsParcel = {
      ...parcel,
      status: 'shipped',
      shipment: {
        track: 'BB123456789',
        trackingUrl: 'https://boxberry.ru/tracking-page?id=BB123456789',
        statusName: null,
        statusAt: null,
        history: [],
        shippedAt: '2026-03-03T09:00:00.000Z',
      },
    };
    const calls = stubDesk([parcel], ({ method, path }) => {
      if (method !== 'POST' || path !== `/logistics/parcels/${parcel.id}/ship`) return undefined;
      if (isBoxberryDown)
        return { status: 502, body: { statusCode: 502, error: 'Bad Gateway', message: 'Boxberry не отвечает: попробуйте позже' } };
      return { body: shipped };
    });
    renderInApp(<LogisticsParcelsDesk />, { path: '/logistician/invoices?stage=to_ship' });

    fireEvent.click(await screen.findByRole('button', { name: 'Отправить: посылка № 21' }));
    expect(await screen.findByText('Boxberry не отвечает: попробуйте позже')).toBeTruthy();

    isBoxberryDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Отправить: посылка № 21' }));
    const tracks = await screen.findByTestId('shipped-tracks');
    expect(within(tracks).getByRole('link', { name: 'BB123456789' }).getAttribute('href')).toBe(shipped.shipment!.trackingUrl);
    await waitFor(() => expect(screen.queryByText('Boxberry не отвечает: попробуйте позже')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('cancels an unpaid invoice after a confirmation', async () => {
    const parcel = sampleParcel({ number: 30, status: 'invoiced' });
    parcel.invoice = sampleDeliveryInvoice({
      id: '10000000-0000-4000-8000-000000000009',
      number: 9,
      parcelId: parcel.id,
      parcelNumber: 30,
      destination: parcel.destination,
      weightGrams: parcel.weightGrams,
      createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });
    const calls = stubDesk([parcel], ({ method, path }) =>
      method === 'DELETE' && path === `/logistics/invoices/${parcel.invoice!.id}`
        ? { body: { ...parcel.invoice, status: 'canceled' } }
        : undefined,
    );
    renderInApp(<LogisticsParcelsDesk />, { path: '/logistician/invoices?stage=invoiced' });

    expect(await screen.findByText('не оплачен 3 дня')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отменить счёт: посылка № 30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отменить счёт № 9?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить счёт' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  });
});
