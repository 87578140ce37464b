import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { endpoints, type PaymentDifference } from '@vmeste/contract';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderDifferences } from './provider-differences';

const api = vi.hoisted(() => ({ callEndpoint: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), callEndpoint: api.callEndpoint }));

const refused: PaymentDifference = {
  type: 'refund_failed',
  paymentId: '33333333-3333-4333-8333-333333333333',
  paymentNumber: 5,
  amountKopecks: 35_000,
  at: '2026-11-20T10:00:00Z',
  providerRefundId: '2f6d1a0c-000f-5000-9000-1b68e7b15f3f',
  description:
    'Платёжный сервис отказал в возврате 350,00 ₽ (rejected_by_payee): деньги клиенту не вернулись. Оформите возврат снова или верните переводом',
};
const unknown: PaymentDifference = {
  ...refused,
  type: 'refund_unknown',
  paymentNumber: 9,
  amountKopecks: 5_000,
  providerRefundId: '2f6d1a0c-000f-5000-9000-1b68e7b15f40',
  description: 'У платёжного сервиса есть возврат 50,00 ₽, которого нет в магазине. Проверьте его в личном кабинете платёжного сервиса',
};

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>
          <ProviderDifferences />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('«Расхождения с платёжным сервисом» on «Оплаты»', () => {
  beforeEach(() => {
    api.callEndpoint.mockReset();
  });

  it('lists each difference with its payment, sum, moment in Moscow time and what to do', async () => {
    api.callEndpoint.mockImplementation((endpoint: unknown) =>
      endpoint === endpoints.payments.differences ? Promise.resolve([refused, unknown]) : Promise.reject(new Error('unexpected endpoint')),
    );
    renderSection();
    const section = await screen.findByTestId('provider-differences');
    expect(within(section).getByRole('heading', { name: 'Расхождения с платёжным сервисом' })).toBeTruthy();
    expect(within(section).getByText('2 расхождения')).toBeTruthy();
    const rows = within(section).getAllByTestId('payment-difference');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Платёжный сервис отказал в возврате');
    expect(within(rows[0]!).getByRole('link', { name: 'платёж № 5' }).getAttribute('href')).toBe(`/?payment=${refused.paymentId}`);
    expect(rows[0]!.textContent).toMatch(/350,00\s₽ · 20\.11\.2026, 13:00/);
    expect(rows[0]!.textContent).toContain(refused.description);
    expect(rows[1]!.textContent).toContain('Возврат у платёжного сервиса, которого нет в магазине');
    expect(rows[1]!.textContent).toContain(`Возврат у платёжного сервиса: ${unknown.providerRefundId}`);
  });

  it('is not shown while the shop and the provider agree', async () => {
    api.callEndpoint.mockResolvedValue([]);
    const { container } = renderSection();
    await vi.waitFor(() => expect(api.callEndpoint).toHaveBeenCalled());
    expect(container.querySelector('[data-testid="provider-differences"]')).toBeNull();
  });
});
