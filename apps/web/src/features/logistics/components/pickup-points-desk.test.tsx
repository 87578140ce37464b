import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminPoint } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '../test/logistics-test-kit';
import { PickupPointsDesk } from './pickup-points-desk';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const point: AdminPoint = {
  code: '77461',
  name: 'Москва Тверская_7746',
  cityCode: '68',
  cityName: 'Москва',
  address: 'ул. Тверская, д. 7',
  workSchedule: 'пн-вс: 10.00-21.00',
  phone: '',
  tripDescription: '',
  lat: 55.76,
  lon: 37.61,
  isPostamat: true,
  deliveryPeriodDays: 2,
  mapUrl: 'https://yandex.ru/maps/?pt=37.61,55.76&z=17&l=map',
  isEnabled: true,
  onlyPrepaidOrders: false,
  syncedAt: '2026-03-02T09:00:00.000Z',
};

describe('PickupPointsDesk', () => {
  it('filters by the address, shows the cities with their counts, and a refused switch stands as the server has it', async () => {
    const calls = stubApi(({ method, path }) => {
      if (path === '/logistics/cities')
        return { body: [{ code: '68', name: 'Москва', region: 'Москва', pointsCount: 6, enabledCount: 5 }] };
      if (path === '/logistics/points') return { body: { items: [point], total: 1 } };
      if (method === 'PATCH') return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Пункт выдачи не найден' } };
      return undefined;
    });
    renderInApp(<PickupPointsDesk />, { path: '/logistician/pvz?city=68&enabled=on' });

    expect(await screen.findByText('Постамат')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'На карте: Москва Тверская_7746' }).getAttribute('href')).toBe(point.mapUrl);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Город' })).toHaveProperty('value', 'Москва — 6 пунктов, включено 5'));
    expect(Object.fromEntries(calls.find((c) => c.path === '/logistics/points')!.query)).toEqual({
      cityCode: '68',
      enabled: 'on',
      page: '1',
      pageSize: '50',
    });

    const toggle = screen.getByRole('switch', { name: /Для клиентов: Москва Тверская_7746/ });
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ isEnabled: false });
    // The server refused: the switch stands as the server has it.
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
  });
});
