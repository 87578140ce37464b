import type { BoxberrySettings, LogisticsParcel, PointsSync, PriceListVersion } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { renderInApp as renderWithProviders } from '@/lib/test-api';

// Test helpers of the logistician's components: a fake API behind the real client, the app's
// providers, and sample data in the contract's shapes.

export { type ApiCall, stubApi } from '@/lib/test-api';

/** The app's providers, as in the shop (Mantine's transitions on), at a page of this area. */
export function renderInApp(ui: ReactNode, { path = '/logistician/main' }: { path?: string } = {}) {
  return renderWithProviders(ui, { path, mantineEnv: 'default' });
}

let seq = 0;
/** A fresh uuid-shaped id, readable in a failing test's output. */
export function uuid(): string {
  seq += 1;
  return `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
}

export function sampleParcel(overrides: Partial<LogisticsParcel> = {}): LogisticsParcel {
  return {
    id: uuid(),
    number: 12,
    status: 'packed',
    kind: 'boxberry',
    destination: 'Москва, ул. Тверская, д. 7',
    recipient: { phone: '79000000001', name: 'Мария', surname: 'Иванова' },
    weightGrams: 1250,
    orderNumbers: [101],
    invoice: null,
    shipment: null,
    canChangeMethod: true,
    packedAt: '2026-03-02T09:00:00.000Z',
    clientName: 'Иванова Мария',
    phone: '79000000001',
    lengthCm: null,
    widthCm: null,
    heightCm: null,
    quotedPriceKopecks: 35_000,
    needsInvoice: true,
    lastCheckedAt: null,
    ...overrides,
  };
}

export function sampleSync(overrides: Partial<PointsSync> = {}): PointsSync {
  return {
    id: uuid(),
    status: 'succeeded',
    trigger: 'manual',
    citiesTotal: 8,
    citiesDone: 8,
    pointsCount: 120,
    error: null,
    startedAt: '2026-03-02T09:00:00.000Z',
    finishedAt: '2026-03-02T09:01:00.000Z',
    startedByName: 'Петрова Анна',
    ...overrides,
  };
}

export function sampleSettings(overrides: Partial<BoxberrySettings> = {}): BoxberrySettings {
  return {
    tokenMasked: '••••••••a1b2',
    mode: 'token',
    isDemo: false,
    canSaveToken: true,
    isEmulatorAvailable: true,
    apiUrl: 'https://api.boxberry.ru/json.php',
    senderPointCode: '77461',
    senderPointTitle: 'Москва, ул. Тверская, д. 7 (77461)',
    defaultLengthCm: 30,
    defaultWidthCm: 20,
    defaultHeightCm: 10,
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function sampleVersion(overrides: Partial<PriceListVersion> = {}): PriceListVersion {
  return {
    id: uuid(),
    appliesFrom: '2026-01-01',
    createdAt: '2025-12-20T09:00:00.000Z',
    createdByName: 'Петрова Анна',
    tariffs: [
      { kind: 'boxberry', fromGrams: 0, toGrams: 1000, priceKopecks: 30_000 },
      { kind: 'boxberry', fromGrams: 1001, toGrams: 5000, priceKopecks: 45_000 },
      { kind: 'pickup', fromGrams: 0, toGrams: 100_000, priceKopecks: 0 },
    ],
    ...overrides,
  };
}
