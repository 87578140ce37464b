import type { DeliveryKind, Parcel, ParcelStatus } from '@vmeste/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/lib/test-api';
import { ParcelActions } from './parcel-actions';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

function parcel(deliveryKind: DeliveryKind, status: ParcelStatus): Parcel {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    number: 12,
    barcode: '290000000012',
    status,
    deliveryKind,
    clientName: 'Иванова Мария',
    maskedPhone: '+7 (900) 123-**-**',
    orders: [{ id: '00000000-0000-4000-8000-000000000002', number: 101, purchaseTitle: 'Зимняя обувь' }],
    weightGrams: 1001,
    lengthCm: null,
    widthCm: null,
    heightCm: null,
    packedAt: '2026-03-01T10:00:00.000Z',
    packedByName: 'Кладовщик',
    readyAt: null,
    handedOverAt: null,
    handedOverByName: null,
  };
}

const buttonsOf = () => screen.queryAllByRole('button').map((b) => b.getAttribute('aria-label'));

describe('ParcelActions', () => {
  it('offers the shelf and the hand-over for a self-pickup parcel', () => {
    stubApi(() => undefined);
    renderInApp(<ParcelActions parcel={parcel('pickup', 'packed')} />);
    expect(buttonsOf()).toEqual([
      'Этикетка: посылка № 12',
      'Готово к выдаче: посылка № 12',
      'Выдать: посылка № 12',
      'Расформировать: посылка № 12',
    ]);
  });

  it.each(['boxberry', 'courier'] as const)('offers no hand-over or shelf for a %s parcel: it leaves through the logistician', (kind) => {
    stubApi(() => undefined);
    renderInApp(<ParcelActions parcel={parcel(kind, 'packed')} />);
    expect(buttonsOf()).toEqual(['Этикетка: посылка № 12', 'Расформировать: посылка № 12']);
  });

  it('offers only the label once an invoice is issued and not paid', () => {
    stubApi(() => undefined);
    renderInApp(<ParcelActions parcel={parcel('pickup', 'invoiced')} />);
    expect(buttonsOf()).toEqual(['Этикетка: посылка № 12']);
  });
});
