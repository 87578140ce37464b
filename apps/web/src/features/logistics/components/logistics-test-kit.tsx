import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import type { BoxberrySettings, LogisticsParcel, PointsSync, PriceListVersion } from '@vmeste/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

// Test helpers of the logistician's components: a fake API behind the real client, the app's
// providers, and sample data in the contract's shapes.

// jsdom has no FontFaceSet; Mantine's autosized Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = { status?: number; body: unknown };

/**
 * Answers the app's requests (through the real `callEndpoint`) from `answer` and records them. A
 * request it does not answer gets a 404, which the test then sees as an error on the page.
 */
export function stubApi(answer: (call: ApiCall) => Answer | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
      };
      calls.push(call);
      const { status = 200, body } = answer(call) ?? {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: `Тест не отвечает на ${call.method} ${call.path}` },
      };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export function renderInApp(ui: ReactNode, { path = '/logistician/main' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <MantineProvider>
      <DatesProvider settings={{ firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <ModalsProvider>{ui}</ModalsProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
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
    isDemo: false,
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
