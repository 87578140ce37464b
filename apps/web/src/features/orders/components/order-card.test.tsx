import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { MyOrderStep, PublicOrder } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderCard } from './order-card';
import { orderStepsOf } from './order-steps';
import { sampleOrder } from '../test/orders-test-kit';

const wrap = (node: ReactNode) =>
  render(
    <MemoryRouter>
      <MantineProvider>{node}</MantineProvider>
    </MemoryRouter>,
  );

/** A paid order as its public page shows it: the client's phone and name masked. */
function order(patch: Partial<PublicOrder> = {}): PublicOrder {
  return sampleOrder({
    number: 12,
    phone: '+7 900 ***-**-04',
    clientName: 'Мария И.',
    paidKopecks: 100_000,
    dueKopecks: 0,
    isPayable: false,
    paymentState: 'paid',
    createdAt: '2026-11-01T10:00:00.000Z',
    ...patch,
  });
}

const SPACE = '[\\s\\u00a0\\u202f]';

describe('a paid order does not look alarming', () => {
  it('its purchase stage «Оплата» is a quiet gray badge beside the green «Оплачен»; an unpaid one keeps the filled red', () => {
    const { unmount } = wrap(<OrderCard order={order()} />);
    const quiet = screen.getByTestId('purchase-status');
    expect(quiet.textContent).toBe('Оплата');
    expect(quiet.getAttribute('data-variant')).toBe('light');
    expect(quiet.getAttribute('style') ?? '').not.toMatch(/red/);
    unmount();

    wrap(<OrderCard order={order({ paidKopecks: 0, dueKopecks: 100_000, isPayable: true, paymentState: 'unpaid' })} />);
    expect(screen.getByTestId('purchase-status').getAttribute('data-variant')).toBe('filled');
  });
});

describe('the order of a purchase still collecting', () => {
  it('says «Оплата после стопа» with its sum and has no «К оплате» line', () => {
    const purchase = { ...order().purchase, status: 'open' as const };
    wrap(<OrderCard order={order({ purchase, paidKopecks: 0, dueKopecks: 100_000, isPayable: false, paymentState: 'unpaid' })} />);
    expect(screen.queryByText('К оплате')).toBeNull();
    expect(screen.getByText('Оплата после стопа').parentElement!.textContent).toMatch(new RegExp(`1${SPACE}000,00${SPACE}₽`));
  });
});

describe('where the goods are, on the order’s own page', () => {
  it('says nothing of the goods until the purchase is ordered from the supplier, then «Ожидает поступления»', () => {
    const awaiting = (status: PublicOrder['purchase']['status']) =>
      order({
        purchase: { ...order().purchase, status },
        fulfilmentStatus: 'awaiting_goods',
        paidKopecks: 0,
        dueKopecks: 100_000,
        paymentState: 'unpaid',
      });
    const { unmount } = wrap(<OrderCard order={awaiting('open')} showFulfilment />);
    expect(screen.queryByTestId('fulfilment-status')).toBeNull();
    expect(screen.getByTestId('purchase-status').textContent).toBe('Сбор заказов');
    unmount();

    const canceled = wrap(<OrderCard order={awaiting('canceled')} showFulfilment />);
    expect(screen.queryByTestId('fulfilment-status')).toBeNull();
    canceled.unmount();

    wrap(<OrderCard order={awaiting('in_transit')} showFulfilment />);
    expect(screen.getByTestId('fulfilment-status').textContent).toBe('Ожидает поступления');
  });
});

const step = (fromStatus: MyOrderStep['fromStatus'], toStatus: MyOrderStep['toStatus'], createdAt: string): MyOrderStep => ({
  orderId: order().id,
  fromStatus,
  toStatus,
  createdAt,
});

describe('the steps of the order’s goods for its owner', () => {
  it('lists each status reached with its date in Moscow time; delivered after self-pickup reads «Выдан»', () => {
    const steps = [
      step('awaiting_goods', 'arrived', '2026-11-20T09:00:00Z'),
      step('arrived', 'packed', '2026-11-21T09:00:00Z'),
      step('packed', 'ready_for_pickup', '2026-11-21T10:00:00Z'),
      step('ready_for_pickup', 'delivered', '2026-11-22T21:30:00Z'),
    ];
    wrap(<OrderCard order={order({ fulfilmentStatus: 'delivered' })} steps={steps} showFulfilment />);
    const shown = within(screen.getByTestId('order-steps'));
    expect(shown.getByText('Поступил на склад')).toBeTruthy();
    expect(shown.getByText('Упакован')).toBeTruthy();
    expect(shown.getByText('Готов к выдаче')).toBeTruthy();
    expect(shown.getByText('Выдан')).toBeTruthy();
    // 21:30 UTC is the next day in Moscow.
    expect(shown.getByText('23.11.2026')).toBeTruthy();
  });

  it('shipping ends «Доставлен»; a correction back takes the later steps off the way', () => {
    expect(
      orderStepsOf([
        step('awaiting_goods', 'arrived', '2026-11-20T09:00:00Z'),
        step('arrived', 'packed', '2026-11-21T09:00:00Z'),
        step('packed', 'shipped', '2026-11-22T09:00:00Z'),
        step('shipped', 'delivered', '2026-11-25T09:00:00Z'),
      ]).map((s) => s.title),
    ).toEqual(['Поступил на склад', 'Упакован', 'Отправлен', 'Доставлен']);
    expect(
      orderStepsOf([
        step('awaiting_goods', 'arrived', '2026-11-20T09:00:00Z'),
        step('arrived', 'packed', '2026-11-21T09:00:00Z'),
        step('packed', 'arrived', '2026-11-21T10:00:00Z'),
      ]).map((s) => [s.title, s.at]),
    ).toEqual([['Поступил на склад', '2026-11-20T09:00:00Z']]);
  });
});
