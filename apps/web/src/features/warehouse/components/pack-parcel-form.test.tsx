import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PackParcelForm } from './pack-parcel-form';
import { renderInApp, sampleOrder, sampleParcel, stubApi } from '../test/warehouse-test-kit';

// The real API client runs the loading bar; its closing timer must not outlive the test's window.
vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

describe('PackParcelForm', () => {
  it('sends the ticked orders, the weight and the sizes given, and hands back the new parcel', async () => {
    const first = sampleOrder({ number: 101 });
    const second = sampleOrder({ number: 102 });
    const third = sampleOrder({ number: 103 });
    const parcel = sampleParcel({ number: 12 });
    const calls = stubApi(({ method, path }) =>
      method === 'POST' && path === '/warehouse/parcels' ? { status: 201, body: parcel } : undefined,
    );
    const onPacked = vi.fn();
    renderInApp(<PackParcelForm orders={[first, second, third]} deliveryKind="pickup" onPacked={onPacked} />);

    // Every order that may be packed is ticked at first.
    for (const n of [101, 102, 103])
      expect(screen.getByRole('checkbox', { name: new RegExp(`Заказ № ${n}`) })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Заказ № 102/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Вес, г/ }), { target: { value: '1250' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Длина, см' }), { target: { value: '40' } });
    expect(screen.getByText('Самовывоз')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Упаковать' }));

    await waitFor(() => expect(onPacked).toHaveBeenCalledWith(parcel));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ orderIds: [first.id, third.id], weightGrams: 1250, lengthCm: 40, widthCm: null, heightCm: null });
  });

  it('asks for the weight before sending anything', async () => {
    const calls = stubApi(() => undefined);
    renderInApp(<PackParcelForm orders={[sampleOrder()]} deliveryKind="pickup" onPacked={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Упаковать' }));
    expect(await screen.findByText('Укажите вес в граммах')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s refusal above the form', async () => {
    stubApi(() => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Заказ № 101: не оплачен: к оплате 100,00 ₽', field: 'orderIds' },
    }));
    renderInApp(<PackParcelForm orders={[sampleOrder()]} deliveryKind="pickup" onPacked={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Вес, г/ }), { target: { value: '900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Упаковать' }));
    expect(await screen.findByText('Заказ № 101: не оплачен: к оплате 100,00 ₽')).toBeTruthy();
  });
});
