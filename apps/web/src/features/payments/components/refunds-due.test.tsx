import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type RefundDue, type RefundDueResult } from '@vmeste/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refundDueTextsOf } from './refund-due-texts';
import { RefundsDue } from './refunds-due';

const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));

const api = vi.hoisted(() => ({ callEndpoint: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), callEndpoint: api.callEndpoint }));

const SPACE = '[\\s\\u00a0\\u202f]';

const byCard: RefundDue = {
  orderId: '11111111-1111-4111-8111-111111111111',
  orderNumber: 12,
  isCanceled: false,
  purchaseId: '22222222-2222-4222-8222-222222222222',
  purchaseTitle: 'Осенняя одежда',
  clientName: 'Мария Иванова',
  phone: '79001234567',
  totalKopecks: 200_000,
  paidKopecks: 300_000,
  refundDueKopecks: 100_000,
  payments: [
    {
      paymentId: '33333333-3333-4333-8333-333333333333',
      number: 5,
      method: 'card',
      isOnline: true,
      paidAt: '2026-11-20T10:00:00Z',
      refundableKopecks: 300_000,
      refundKopecks: 100_000,
    },
  ],
};

const byTransfer: RefundDue = {
  ...byCard,
  orderId: '44444444-4444-4444-8444-444444444444',
  orderNumber: 15,
  clientName: 'Олег Петров',
  totalKopecks: 75_000,
  paidKopecks: 100_000,
  refundDueKopecks: 25_000,
  payments: [
    {
      ...byCard.payments[0]!,
      paymentId: '55555555-5555-4555-8555-555555555555',
      number: 7,
      method: 'transfer',
      isOnline: false,
      refundKopecks: 25_000,
    },
  ],
};

function answer(list: RefundDue[]) {
  api.callEndpoint.mockImplementation((endpoint: unknown, request?: { params: { orderId: string } }) => {
    if (endpoint === endpoints.payments.refundsDue) return Promise.resolve(list);
    if (endpoint === endpoints.payments.refundDue) {
      const refund = list.find((r) => r.orderId === request!.params.orderId)!;
      return Promise.resolve({
        orderId: refund.orderId,
        orderNumber: refund.orderNumber,
        refundedKopecks: refund.refundDueKopecks,
        totalKopecks: refund.totalKopecks,
        paidKopecks: refund.totalKopecks,
        refundDueKopecks: 0,
        payments: [],
      } satisfies RefundDueResult);
    }
    return Promise.reject(new Error('unexpected endpoint'));
  });
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <RefundsDue />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const refundCalls = () => api.callEndpoint.mock.calls.filter(([endpoint]) => endpoint === endpoints.payments.refundDue);

describe('the words of a refund due', () => {
  it('online: the payment service returns it, no comment needed', () => {
    const texts = refundDueTextsOf(byCard);
    expect(texts.title).toMatch(new RegExp(`^Вернуть 1${SPACE}000,00${SPACE}₽ по заказу № 12$`));
    expect(texts.ways).toHaveLength(1);
    expect(texts.ways[0]).toMatch(new RegExp(`^Оплата № 5 картой онлайн: 1${SPACE}000,00${SPACE}₽ — вернёт платёжный сервис$`));
    expect(texts.text).toMatch(/^Деньги вернутся клиенту через платёжный сервис/);
    expect(texts.isCommentRequired).toBe(false);
  });

  it('a transfer: returned by hand, the comment is required', () => {
    const texts = refundDueTextsOf(byTransfer);
    expect(texts.ways[0]).toMatch(/^Оплата № 7 переводом на карту: 250,00.₽ — переведите клиенту сами$/);
    expect(texts.text).toMatch(/^Платёжный сервис здесь не участвует: верните деньги клиенту сами/);
    expect(texts.isCommentRequired).toBe(true);
  });
});

describe('«К возврату» on «Оплаты»', () => {
  beforeEach(() => {
    api.callEndpoint.mockReset();
    notifications.show.mockClear();
  });

  it('is not shown while nothing is owed back', async () => {
    answer([]);
    renderSection();
    await waitFor(() => expect(api.callEndpoint).toHaveBeenCalledWith(endpoints.payments.refundsDue));
    expect(screen.queryByText('К возврату')).toBeNull();
  });

  it('lists the orders and returns an online refund through the payment service without a comment', async () => {
    answer([byCard, byTransfer]);
    renderSection();
    expect(await screen.findByRole('heading', { name: 'К возврату' })).toBeTruthy();
    const rows = screen.getAllByTestId('refund-due-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Мария Иванова')).toBeTruthy();
    expect(within(rows[0]!).getByText('Осенняя одежда')).toBeTruthy();
    expect(rows[0]!.textContent).toMatch(new RegExp(`3${SPACE}000,00${SPACE}₽2${SPACE}000,00${SPACE}₽1${SPACE}000,00${SPACE}₽`));

    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Вернуть 1.000,00.₽ по заказу № 12$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/вернёт платёжный сервис$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Вернуть 1.000,00.₽$/ }));

    await waitFor(() => expect(refundCalls()).toHaveLength(1));
    expect(refundCalls()[0]![1]).toEqual({ params: { orderId: byCard.orderId }, body: { comment: '', to: 'money' } });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: expect.stringMatching(/^Возврат 1.000,00.₽ по заказу № 12 оформлен$/) }),
      ),
    );
  }, 15_000);

  it('a transfer asks for the comment before sending, then sends it', async () => {
    answer([byTransfer]);
    renderSection();
    const [row] = await screen.findAllByTestId('refund-due-row');
    fireEvent.click(within(row!).getByRole('button', { name: /по заказу № 15$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/переведите клиенту сами$/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: /^Вернуть 250,00.₽$/ }));
    expect(await within(dialog).findByText('Укажите комментарий: как и куда вернули деньги')).toBeTruthy();
    expect(refundCalls()).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Комментарий/ }), {
      target: { value: 'Перевели на карту по номеру телефона' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Вернуть 250,00.₽$/ }));
    await waitFor(() => expect(refundCalls()).toHaveLength(1));
    expect(refundCalls()[0]![1]).toEqual({
      params: { orderId: byTransfer.orderId },
      body: { comment: 'Перевели на карту по номеру телефона', to: 'money' },
    });
  }, 15_000);

  it('goods that did not arrive, paid by card: «Вернуть» offers the bonus account too (issue 26, item 3)', async () => {
    answer([byCard]);
    renderSection();
    const [row] = await screen.findAllByTestId('refund-due-row');
    fireEvent.click(within(row!).getByRole('button', { name: /по заказу № 12$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Деньгами' })).toBeTruthy();
    fireEvent.click(within(dialog).getByText('На бонусный счёт'));
    expect(await within(dialog).findByText(/вернётся на бонусный счёт$/)).toBeTruthy();
    expect(within(dialog).getByText(/^Вся сумма зачислится на бонусный счёт клиента/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Вернуть 1.000,00.₽$/ }));
    await waitFor(() => expect(refundCalls()).toHaveLength(1));
    expect(refundCalls()[0]![1]).toEqual({ params: { orderId: byCard.orderId }, body: { comment: '', to: 'bonus' } });
  }, 15_000);

  it('a canceled order: all it holds goes back, to bonuses without a comment', async () => {
    const canceled: RefundDue = { ...byTransfer, isCanceled: true, totalKopecks: 100_000, refundDueKopecks: 100_000 };
    canceled.payments = [{ ...byTransfer.payments[0]!, refundKopecks: 100_000 }];
    answer([canceled]);
    renderSection();
    const [row] = await screen.findAllByTestId('refund-due-row');
    expect(within(row!).getByText('отменён')).toBeTruthy();
    fireEvent.click(within(row!).getByRole('button', { name: /по заказу № 15$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Закупка отменена, заказ отменён: возвращается всё оплаченное — 1.000,00.₽\.$/)).toBeTruthy();
    expect(within(dialog).getByText(/переведите клиенту сами$/)).toBeTruthy();

    fireEvent.click(within(dialog).getByText('На бонусный счёт'));
    expect(await within(dialog).findByText(/вернётся на бонусный счёт$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Вернуть 1.000,00.₽$/ }));
    await waitFor(() => expect(refundCalls()).toHaveLength(1));
    expect(refundCalls()[0]![1]).toEqual({ params: { orderId: canceled.orderId }, body: { comment: '', to: 'bonus' } });
  }, 15_000);
});
