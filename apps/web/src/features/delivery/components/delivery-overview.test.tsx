import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, type ApiCall, renderInApp, stubApi } from '@/lib/test-api';
import { DeliveryMethods } from './delivery-methods';
import { MyParcels } from './my-parcels';
import { sampleInvoice, sampleMethod, sampleParcel, samplePoint, sampleSettings } from '../test/delivery-test-kit';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

function stubPage(answers: (call: ApiCall) => ApiAnswer | undefined): ApiCall[] {
  return stubApi((call) => (call.path === '/settings/public' ? { body: sampleSettings() } : answers(call)));
}

describe('the saved delivery methods', () => {
  it('marks the default one, names the point with its hours and map, and warns of a method that cannot be used', async () => {
    const point = samplePoint({ name: 'Москва Тверская_007', address: '125009, Москва г, Тверская ул, д.7' });
    const boxberry = sampleMethod({ kind: 'boxberry', isDefault: true, point, title: 'ПВЗ Boxberry: Москва, ул. Тверская, д. 7' });
    const pickup = sampleMethod({ isDefault: false, unavailableReason: 'Пункт выдачи закрылся: выберите другой' });
    const calls = stubPage((call) => {
      if (call.path === '/delivery/methods') return { body: [boxberry, pickup] };
      if (call.method === 'POST' && call.path === `/delivery/methods/${pickup.id}/default`) {
        return {
          body: [
            { ...pickup, isDefault: true },
            { ...boxberry, isDefault: false },
          ],
        };
      }
      return undefined;
    });
    renderInApp(<DeliveryMethods />);

    const [first, second] = await screen.findAllByTestId('delivery-method');
    expect(within(first!).getByText('Основной')).toBeTruthy();
    // Boxberry's own name and address, cleaned: street, house, city.
    expect(within(first!).getByText('Тверская')).toBeTruthy();
    expect(within(first!).getByText('ул. Тверская, д. 7, Москва')).toBeTruthy();
    expect(within(first!).getByText(`Часы работы: ${point.workSchedule}`)).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'На карте' }).getAttribute('target')).toBe('_blank');
    expect(within(first!).getByText('Иванова Мария, +7 (900) 123-45-67')).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: 'Сделать основным' })).toBeNull();

    expect(within(second!).queryByText('Основной')).toBeNull();
    expect(within(second!).getByText('Пункт выдачи закрылся: выберите другой')).toBeTruthy();
    expect(await within(second!).findByText('Москва, ул. Складская, д. 1')).toBeTruthy();
    fireEvent.click(within(second!).getByRole('button', { name: 'Сделать основным' }));
    // The answer is the list in its new order: the new default comes first, with the mark.
    await waitFor(() => expect(screen.getAllByTestId('delivery-method')[0]!.textContent).toContain('Самовывоз'));
    expect(within(screen.getAllByTestId('delivery-method')[0]!).getByText('Основной')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says so when there are none yet', async () => {
    stubPage((call) => (call.path === '/delivery/methods' ? { body: [] } : undefined));
    renderInApp(<DeliveryMethods />);
    expect((await screen.findByTestId('no-methods')).textContent).toMatch(/^Способов доставки пока нет/);
  });
});

describe('the client’s parcels', () => {
  it('shows the status, the orders, the invoice to pay and the tracking', async () => {
    const shipped = sampleParcel({
      number: 11,
      status: 'shipped',
      invoice: sampleInvoice({ number: 4, status: 'paid', paidKopecks: 35_000, dueKopecks: 0 }),
      shipment: {
        track: 'BB123456789',
        trackingUrl: 'https://boxberry.ru/tracking-page?id=BB123456789',
        statusName: 'Поступило в пункт выдачи',
        statusAt: '2026-03-05T12:30:00.000Z',
        history: [],
        shippedAt: '2026-03-03T09:00:00.000Z',
      },
    });
    const invoiced = sampleParcel({ number: 12, invoice: sampleInvoice({ number: 5 }), canChangeMethod: true });
    stubPage((call) => (call.path === '/delivery/parcels/my' ? { body: [shipped, invoiced] } : undefined));
    renderInApp(<MyParcels />);

    const [first, second] = await screen.findAllByTestId('parcel-card');
    expect(within(first!).getByText('Отправлена')).toBeTruthy();
    expect(within(first!).getByText('Заказы № 101, № 102 · 1,25 кг')).toBeTruthy();
    expect(within(first!).getByText('Оплачен')).toBeTruthy();
    expect(within(first!).getByText('BB123456789')).toBeTruthy();
    const track = within(first!).getByRole('link', { name: /Отследить/ });
    expect(track.getAttribute('href')).toBe('https://boxberry.ru/tracking-page?id=BB123456789');
    expect(track.getAttribute('target')).toBe('_blank');
    // Boxberry's status in plain words.
    expect(within(first!).getByText('В пункте выдачи, 05.03.2026, 15:30')).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: 'Изменить способ доставки' })).toBeNull();

    expect(within(second!).getByText('Выставлен счёт за доставку')).toBeTruthy();
    expect(within(second!).getByText('Не оплачен')).toBeTruthy();
    expect(within(second!).getByRole('link', { name: 'Оплатить' }).getAttribute('href')).toBe('/personal/orders/unpaid');
  });

  it('sends a parcel by another saved method', async () => {
    const parcel = sampleParcel({ invoice: sampleInvoice({ number: 5 }), canChangeMethod: true });
    const courier = sampleMethod({ kind: 'courier', isDefault: false, title: 'Курьер: Москва, ул. Тверская, д. 7' });
    const calls = stubPage((call) => {
      if (call.path === '/delivery/parcels/my') return { body: [parcel] };
      if (call.path === '/delivery/methods') return { body: [sampleMethod(), courier] };
      if (call.method === 'PUT') return { body: { ...parcel, kind: 'courier', invoice: null } };
      return undefined;
    });
    renderInApp(<MyParcels />);

    fireEvent.click(await screen.findByRole('button', { name: 'Изменить способ доставки' }));
    expect(await screen.findByText(/Счёт № 5 на 350,00\s₽ отменится/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Выберите способ доставки')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Курьер Boxberry' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/delivery/parcels/${parcel.id}/method`);
    expect(put.body).toEqual({ methodId: courier.id });
  });

  it('says so when there are none yet', async () => {
    stubPage((call) => (call.path === '/delivery/parcels/my' ? { body: [] } : undefined));
    renderInApp(<MyParcels />);
    expect((await screen.findByTestId('no-parcels')).textContent).toMatch(/^Посылок пока нет/);
  });
});
