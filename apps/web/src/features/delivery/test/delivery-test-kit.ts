import type {
  AddressSuggestion,
  ClientParcel,
  DeliveryCity,
  DeliveryInvoice,
  DeliveryMethodView,
  PickupPoint,
  PublicSettings,
} from '@vmeste/contract';
import { samplePublicSettings } from '@/lib/test-api';
import { sampleDeliveryInvoice } from '@/test/samples';

// Sample data of the delivery feature's tests, in the contract's shapes.

let seq = 0;
/** A fresh uuid-shaped id, readable in a failing test's output. */
export function uuid(): string {
  seq += 1;
  return `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
}

export function sampleSettings(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return samplePublicSettings({
    paymentProvider: 'sandbox',
    pickupAddress: 'Москва, ул. Складская, д. 1',
    pickupHours: 'пн–пт 10:00–19:00',
    isAddressSuggestEnabled: true,
    ...overrides,
  });
}

export function sampleCity(overrides: Partial<DeliveryCity> = {}): DeliveryCity {
  return { code: '68', name: 'Москва', region: 'Москва', pointsCount: 2, ...overrides };
}

export function samplePoint(overrides: Partial<PickupPoint> = {}): PickupPoint {
  return {
    code: '77001',
    name: 'Москва Тверская',
    cityCode: '68',
    cityName: 'Москва',
    address: 'ул. Тверская, д. 7',
    workSchedule: 'пн–вс 10:00–21:00',
    phone: '',
    tripDescription: '',
    lat: 55.76,
    lon: 37.61,
    isPostamat: false,
    deliveryPeriodDays: 2,
    mapUrl: 'https://yandex.ru/maps/?pt=37.61,55.76&z=17&l=map',
    ...overrides,
  };
}

export function sampleSuggestion(overrides: Partial<AddressSuggestion> = {}): AddressSuggestion {
  return {
    value: 'г Москва, ул Тверская, д 7',
    unrestrictedValue: '125009, г Москва, ул Тверская, д 7',
    postalCode: '125009',
    region: 'Москва',
    city: 'Москва',
    street: 'ул Тверская',
    house: '7',
    flat: null,
    lat: 55.757,
    lon: 37.613,
    ...overrides,
  };
}

export function sampleMethod(overrides: Partial<DeliveryMethodView> = {}): DeliveryMethodView {
  return {
    id: uuid(),
    kind: 'pickup',
    isDefault: true,
    recipient: { phone: '79001234567', name: 'Мария', surname: 'Иванова' },
    title: 'Самовывоз: Москва, ул. Складская, д. 1',
    point: null,
    address: null,
    unavailableReason: null,
    ...overrides,
  };
}

export function sampleInvoice(overrides: Partial<DeliveryInvoice> = {}): DeliveryInvoice {
  return sampleDeliveryInvoice({ id: uuid(), parcelId: uuid(), ...overrides });
}

export function sampleParcel(overrides: Partial<ClientParcel> = {}): ClientParcel {
  return {
    id: uuid(),
    number: 12,
    status: 'invoiced',
    kind: 'boxberry',
    destination: 'Москва, ул. Тверская, д. 7',
    recipient: { phone: '79001234567', name: 'Мария', surname: 'Иванова' },
    weightGrams: 1250,
    orderNumbers: [101, 102],
    invoice: null,
    shipment: null,
    canChangeMethod: false,
    packedAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}
