import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type MoneyAudit as MoneyAuditResult } from '@vmeste/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MoneyAudit } from './money-audit';

const api = vi.hoisted(() => ({ callEndpoint: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), callEndpoint: api.callEndpoint }));

const SPACE = '[\\s\\u00a0\\u202f]';

const clean: MoneyAuditResult = { checkedAt: '2026-11-26T09:30:00Z', differences: [] };
const broken: MoneyAuditResult = {
  checkedAt: '2026-11-26T09:30:00Z',
  differences: [
    {
      kind: 'order_paid',
      object: 'Заказ №12',
      expectedKopecks: 100_000,
      actualKopecks: 100_111,
      description: 'Клиент +7 (900) 123-45-67: у заказа оплачено 1 001,11 ₽, а его прошедшие платежи за вычетом возвратов дают 1 000,00 ₽',
    },
    {
      kind: 'payment_status',
      object: 'Платёж №7',
      expectedKopecks: null,
      actualKopecks: null,
      description: 'Платёж в статусе «Ожидает оплаты», а его заказы уже отпущены',
    },
    {
      kind: 'payment_status',
      object: 'Платёж №9',
      expectedKopecks: null,
      actualKopecks: null,
      description: 'Платёж в статусе «Оплачен» без времени оплаты',
    },
  ],
};

function renderAudit() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MoneyAudit />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('«Сверка» on «Оплаты»', () => {
  beforeEach(() => api.callEndpoint.mockReset());

  it('says there is no difference, and asks again on «Проверить снова»', async () => {
    api.callEndpoint.mockResolvedValue(clean);
    renderAudit();
    expect(await screen.findByText('Расхождений нет')).toBeTruthy();
    expect(api.callEndpoint).toHaveBeenCalledWith(endpoints.audit.money);
    fireEvent.click(screen.getByRole('button', { name: 'Проверить снова' }));
    await waitFor(() => expect(api.callEndpoint).toHaveBeenCalledTimes(2));
  });

  it('lists the differences under their kinds with both sums', async () => {
    api.callEndpoint.mockResolvedValue(broken);
    renderAudit();
    expect((await screen.findByTestId('money-audit-count')).textContent).toBe('3 расхождения');
    const paid = screen.getByRole('region', { name: 'Оплачено по заказу ≠ его платежи' });
    const row = within(paid).getByTestId('money-difference');
    expect(row.textContent).toContain('Заказ №12');
    expect(row.textContent).toMatch(new RegExp(`1${SPACE}000,00${SPACE}₽1${SPACE}001,11${SPACE}₽$`));
    const status = screen.getByRole('region', { name: 'Статус платежа не сходится с его позициями' });
    expect(
      within(status)
        .getAllByTestId('money-difference')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('Платёж №7'), expect.stringContaining('Платёж №9')]);
    expect(within(status).getAllByText('—')).toHaveLength(4);
    expect(screen.queryByText('Расхождений нет')).toBeNull();
  });
});
