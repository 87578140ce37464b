import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { PaymentPage } from '@vmeste/contract';
import { describe, expect, it } from 'vitest';
import { PaymentsTotals } from './payments-totals';

const textOf = (testId: string) => screen.getByTestId(testId).textContent!.replace(/[\u00a0\u202f]/g, ' ');

describe('the totals of «Оплаты»', () => {
  it('show the money received and the money awaited apart, not one sum with dead payments', () => {
    const page: PaymentPage = {
      items: [],
      total: 7,
      totals: { receivedKopecks: 3_120_051, pendingKopecks: 55_333, refundedKopecks: 45_000 },
    };
    render(
      <MantineProvider>
        <PaymentsTotals page={page} />
      </MantineProvider>,
    );
    const text = textOf('payments-totals');
    expect(text).toContain('Найдено: 7 оплат');
    expect(text).toContain('Получено 31 200,51 ₽');
    expect(text).toContain('Ожидается 553,33 ₽');
    expect(text).toContain('Возвращено 450,00 ₽');
    expect(text).not.toContain('На сумму');
  });

  it('while loading, dots in place of the numbers', () => {
    render(
      <MantineProvider>
        <PaymentsTotals page={undefined} />
      </MantineProvider>,
    );
    expect(textOf('payments-totals')).toContain('Получено …');
  });
});
