import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { OrderLine, PublicOrder } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderCard } from './order-card';
import { missingOf, OrderLinesTable } from './order-lines-table';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');
const money = (text: string) => new RegExp(`^${nbsp(text).replace(/\u00a0/g, '[\\s\\u00a0\\u202f]')}$`);

function line(patch: Partial<OrderLine>): OrderLine {
  return {
    id: crypto.randomUUID(),
    product: 'Платье',
    article: 'PL-1',
    options: 'M',
    quantity: 3,
    unitPriceKopecks: 100_000,
    totalKopecks: 300_000,
    arrivedQuantity: null,
    missingQuantity: 0,
    ...patch,
  };
}

function order(patch: Partial<PublicOrder>): PublicOrder {
  return {
    id: crypto.randomUUID(),
    number: 12,
    purchase: { id: crypto.randomUUID(), title: 'Осенняя одежда', status: 'distribution', paymentDeadline: null, hasTransferCard: true },
    phone: '+7 900 ***-**-67',
    clientName: 'Мария',
    isCanceled: false,
    lines: [],
    goodsKopecks: 200_000,
    organizerFeePercent: 0,
    organizerFeeKopecks: 0,
    totalKopecks: 200_000,
    paidKopecks: 300_000,
    dueKopecks: 0,
    refundDueKopecks: 100_000,
    isPayable: false,
    openPaymentStatus: null,
    paymentProblem: null,
    paymentState: 'paid',
    fulfilmentStatus: 'arrived',
    createdAt: '2026-11-20T10:00:00Z',
    ...patch,
  };
}

const wrap = (node: ReactNode) =>
  render(
    <MemoryRouter>
      <MantineProvider>{node}</MantineProvider>
    </MemoryRouter>,
  );

describe('missing units of an order line', () => {
  it('counts only received lines', () => {
    expect(missingOf({ arrivedQuantity: null, missingQuantity: 0 })).toBe(0);
    expect(missingOf({ arrivedQuantity: 2, missingQuantity: 1 })).toBe(1);
    expect(missingOf({ arrivedQuantity: 3, missingQuantity: 0 })).toBe(0);
  });

  // Both layouts are in the markup and the style sheet shows one (jsdom applies no media queries):
  // the table on a wide screen, a block per line on a phone.
  const lines = [
    line({ product: 'Платье', arrivedQuantity: 2, missingQuantity: 1, totalKopecks: 200_000 }),
    line({ product: 'Шарф', quantity: 1, unitPriceKopecks: 50_000, totalKopecks: 50_000, arrivedQuantity: 1 }),
    line({ product: 'Шапка', quantity: 2, unitPriceKopecks: 10_000, totalKopecks: 20_000 }),
  ];

  it('shows «Не поступило: N шт.» and strikes the ordered quantity and sum before what is charged now', () => {
    wrap(<OrderLinesTable lines={lines} />);
    const table = within(screen.getByRole('table'));
    const notes = table.getAllByTestId('line-missing');
    expect(notes.map((n) => n.textContent)).toEqual(['Не поступило: 1 шт.']);
    const row = table.getByText('Платье').closest('tr')!;
    expect(within(row).getByText('Не поступило: 1 шт.')).toBeTruthy();
    const struck = [...row.querySelectorAll('del')].map((el) => el.textContent);
    expect(struck[0]).toBe('3');
    expect(struck[1]).toMatch(money('3 000,00 ₽'));
    const now = [...row.querySelectorAll('ins')].map((el) => el.textContent);
    expect(now[0]).toBe('2');
    expect(now[1]).toMatch(money('2 000,00 ₽'));
    // Lines that arrived in full, or are not received yet, read as before.
    for (const product of ['Шарф', 'Шапка']) {
      const other = table.getByText(product).closest('tr')!;
      expect(other.querySelector('del')).toBeNull();
      expect(within(other).queryByText(/Не поступило/)).toBeNull();
    }
  });

  it('on a phone reads each line as a block with the same figures', () => {
    wrap(<OrderLinesTable lines={lines} />);
    const blocks = screen.getByTestId('order-lines-blocks');
    expect(blocks.closest('table')).toBeNull();
    const dress = within(blocks).getByText('Платье').parentElement!;
    expect(dress.textContent).toContain('Арт. PL-1 · M');
    expect(within(dress).getByText('Не поступило: 1 шт.')).toBeTruthy();
    expect([...dress.querySelectorAll('del')].map((el) => el.textContent)).toEqual(['3', expect.stringMatching(money('3 000,00 ₽'))]);
    expect([...dress.querySelectorAll('ins')].map((el) => el.textContent)).toEqual(['2', expect.stringMatching(money('2 000,00 ₽'))]);
    expect(within(blocks).getAllByTestId('line-missing')).toHaveLength(1);
  });

  it('greys and strikes a line of which nothing arrived', () => {
    wrap(<OrderLinesTable lines={[line({ product: 'Пальто', arrivedQuantity: 0, missingQuantity: 3, totalKopecks: 0 })]} />);
    const table = within(screen.getByRole('table'));
    expect(table.getByText('Не поступило: 3 шт.')).toBeTruthy();
    expect(getComputedStyle(table.getByText('Пальто')).textDecoration).toContain('line-through');
  });
});

describe('the client’s order card', () => {
  it('shows where the order is, what did not arrive and the money to be returned', () => {
    wrap(
      <OrderCard
        order={order({
          fulfilmentStatus: 'delivered',
          lines: [line({ arrivedQuantity: 2, missingQuantity: 1, totalKopecks: 200_000 })],
        })}
        showFulfilment
      />,
    );
    expect(screen.getByTestId('fulfilment-status').textContent).toBe('Получен');
    expect(within(screen.getByRole('table')).getByText('Не поступило: 1 шт.')).toBeTruthy();
    const label = screen.getByText('К возврату');
    expect(label.parentElement!.textContent).toMatch(/^К возврату1[\s\u00a0\u202f]000,00[\s\u00a0\u202f]₽$/);
    expect(screen.getByText(/^Часть товаров не поступила\. Вернём 1[\s\u00a0\u202f]000,00/)).toBeTruthy();
  });

  it('without a refund due or goods at the warehouse: no refund row, no place badge on the unpaid list', () => {
    wrap(<OrderCard order={order({ refundDueKopecks: 0, paidKopecks: 200_000, fulfilmentStatus: 'awaiting_goods' })} />);
    expect(screen.queryByText('К возврату')).toBeNull();
    expect(screen.queryByTestId('fulfilment-status')).toBeNull();
  });
});
