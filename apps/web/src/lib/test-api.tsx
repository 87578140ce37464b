import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { PublicSettings } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

// For component tests only: a fake server behind the real API client, and the app's providers.
// Tests that use it also stub the loading bar (`vi.mock('@/lib/loading-bar', …)`), whose closing
// timer would outlive the test.

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
export type ApiAnswer = { status?: number; body: unknown };

/**
 * Answers the app's requests (through the real `callEndpoint`) from `answer` and records them. A
 * request it does not answer gets a 404, which the test then sees as an error on the page.
 */
export function stubApi(answer: (call: ApiCall) => ApiAnswer | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        // A file upload's FormData is kept as it is.
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

/**
 * Renders a piece of the app with its providers: Mantine (by default in its test mode: no
 * transitions, so a dropdown's options are visible at once), dates, the query cache (no retries),
 * the router, modals. Answers the render with the query cache, for tests that look into it.
 */
export function renderInApp(ui: ReactNode, { path = '/', mantineEnv = 'test' }: { path?: string; mantineEnv?: 'test' | 'default' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <MantineProvider env={mantineEnv}>
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

/** The shop's public settings for component tests: a shop with a Telegram bot and no online payment. */
export function samplePublicSettings(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
    companyName: 'ООО «Вместе»',
    companyInn: '7700000000',
    companyOgrn: '1207700000000',
    companyAddress: 'Москва',
    companyEmail: 'help@vmeste.shop',
    companyPhone: '+7 (800) 000-00-00',
    telegramBotUsername: 'vmeste_shop_bot',
    sentryDsn: null,
    paymentProvider: null,
    pickupAddress: 'Москва',
    pickupHours: 'пн–пт',
    isTelegramEnabled: true,
    isAddressSuggestEnabled: false,
    ...overrides,
  };
}
