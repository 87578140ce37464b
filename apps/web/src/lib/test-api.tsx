import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
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
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
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
 * Renders a piece of the app with its providers: Mantine (in its test mode: no transitions, so a
 * dropdown's options are visible at once), the query cache (no retries), the router, modals.
 */
export function renderInApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <ModalsProvider>{ui}</ModalsProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
