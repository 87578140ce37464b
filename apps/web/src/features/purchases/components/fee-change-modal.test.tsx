import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type Purchase, type PurchaseFeeChange } from '@vmeste/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FeeChangeModal, feeChangeLines } from './fee-change-modal';

const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));

const api = vi.hoisted(() => ({ callEndpoint: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), callEndpoint: api.callEndpoint }));

const S = '[\\s\\u00a0\\u202f]';

const purchase: Purchase = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Осенняя одежда',
  description: '',
  supplier: '',
  status: 'payment',
  organizerFeePercent: 10,
  paymentDeadline: null,
  cardId: null,
  isCashbackExcluded: false,
  showOnMain: false,
  mainOrder: 0,
  coverUrl: null,
  coverThumbUrl: null,
  ordersCount: 3,
  dueKopecks: 55_000,
  paidKopecks: 146_666,
  linesCount: 3,
  receivedLinesCount: 0,
  createdAt: '2026-11-20T10:00:00Z',
};

const down: PurchaseFeeChange = {
  purchaseId: purchase.id,
  isApplied: false,
  feeBeforePercent: 10,
  feeAfterPercent: 5,
  ordersCount: 3,
  changedOrdersCount: 3,
  totalBeforeKopecks: 201_666,
  totalAfterKopecks: 192_500,
  newlyDueOrdersCount: 0,
  newlyDueKopecks: 0,
  refundDueOrdersCount: 2,
  refundDueKopecks: 6_666,
};

const feeCalls = () => api.callEndpoint.mock.calls.filter(([endpoint]) => endpoint === endpoints.purchases.changeFee);

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <FeeChangeModal purchase={purchase} onClose={() => {}} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('the figures of a fee change', () => {
  it('say how many orders and how much money it moves', () => {
    expect(feeChangeLines(down)).toEqual([
      'Оргсбор 10 % → 5 %.',
      expect.stringMatching(new RegExp(`^Сумма изменится у 3 из 3 заказов: всего 2${S}016,66${S}₽ → 1${S}925,00${S}₽\\.$`)),
      expect.stringMatching(new RegExp(`^2 заказа окажутся переплачены: 66,66${S}₽ — к возврату клиентам, в «Оплаты» → «К возврату»\\.$`)),
    ]);
    const up = {
      ...down,
      feeAfterPercent: 12.5,
      refundDueOrdersCount: 0,
      refundDueKopecks: 0,
      newlyDueOrdersCount: 1,
      newlyDueKopecks: 2_500,
    };
    expect(feeChangeLines(up)[0]).toBe('Оргсбор 10 % → 12,5 %.');
    expect(feeChangeLines(up)[2]).toMatch(new RegExp(`^1 заказ оплачен и станет оплаченным частично: клиентам доплатить 25,00${S}₽\\.$`));
    expect(feeChangeLines({ ...down, refundDueOrdersCount: 0, refundDueKopecks: 0 })[2]).toBe('Оплаченные заказы не затронуты.');
  });
});

describe('«Изменить оргсбор»', () => {
  beforeEach(() => {
    api.callEndpoint.mockReset();
    notifications.show.mockClear();
    api.callEndpoint.mockImplementation((endpoint: unknown, request: { body: { dryRun: boolean } }) =>
      endpoint === endpoints.purchases.history
        ? Promise.resolve([
            {
              id: '22222222-2222-4222-8222-222222222222',
              action: 'fee_changed',
              actorName: 'Анна Смирнова',
              feeBeforePercent: 12,
              feeAfterPercent: 10,
              figures: null,
              comment: 'Ошиблись при создании',
              createdAt: '2026-11-21T09:30:00Z',
            },
          ])
        : Promise.resolve({ ...down, isApplied: !request.body.dryRun }),
    );
  });

  it('shows the figures first, asks for the reason, then changes the fee', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Изменить оргсбор' });
    // The changes made before: 21.11.2026 12:30 in Moscow.
    expect((await within(dialog).findByTestId('fee-history')).textContent).toMatch(
      /21\.11\.2026,? 12:30 · Анна Смирнова: 12 % → 10 % — Ошиблись при создании/,
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Новый оргсбор/ }), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Рассчитать' }));

    const figures = await within(dialog).findByTestId('fee-change-figures');
    expect(figures.textContent).toMatch(/2 заказа окажутся переплачены/);
    expect(feeCalls()).toHaveLength(1);
    expect(feeCalls()[0]![1]).toEqual({ params: { id: purchase.id }, body: { organizerFeePercent: 5, reason: '', dryRun: true } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить оргсбор на 5 %' }));
    expect(await within(dialog).findByText('Укажите причину: она останется в журнале закупки')).toBeTruthy();
    expect(feeCalls()).toHaveLength(1);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Причина/ }), { target: { value: 'Скидка поставщика' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить оргсбор на 5 %' }));
    await waitFor(() => expect(feeCalls()).toHaveLength(2));
    expect(feeCalls()[1]![1]).toEqual({
      params: { id: purchase.id },
      body: { organizerFeePercent: 5, reason: 'Скидка поставщика', dryRun: false },
    });
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Оргсбор изменён: 5 %' })));
  });

  it('a new fee typed after the figures asks for them again', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Изменить оргсбор' });
    const input = within(dialog).getByRole('textbox', { name: /Новый оргсбор/ });
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Рассчитать' }));
    await within(dialog).findByTestId('fee-change-figures');
    fireEvent.change(input, { target: { value: '6' } });
    expect(within(dialog).queryByTestId('fee-change-figures')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Рассчитать' })).toBeTruthy();
  }, 15_000);
});
