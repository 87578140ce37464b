import { MantineProvider, PasswordInput, PinInput } from '@mantine/core';
import type { Payment } from '@vmeste/contract';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackOfficeTable } from '@/components/back-office-table';
import { TransferDetails } from '@/features/payments/components/transfer-details';
import { renderInApp, stubApi } from '@/lib/test-api';
import { theme } from './theme';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));

afterEach(() => vi.unstubAllGlobals());

/** The words libraries put into the page by themselves (Mantine, mantine-datatable) when nobody gives Russian ones. */
const LIBRARY_ENGLISH =
  /PinInput|Toggle password visibility|No records|Records per page|Select all records|Select record|Next page|Previous page/;

/** Renders with the app's theme, as main.tsx does, so theme-level labels count. */
function renderThemed(ui: ReactNode) {
  return renderInApp(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
}

/** Everything a screen reader may read: text and the names given by attributes. */
function spokenWords(root: HTMLElement): string[] {
  const attributes = ['aria-label', 'title', 'placeholder', 'alt'];
  const named = [...root.querySelectorAll('*')].flatMap((el) =>
    attributes.map((a) => el.getAttribute(a)).filter((v): v is string => Boolean(v)),
  );
  const texts = [...root.querySelectorAll('*')]
    .filter((el) => !['STYLE', 'SCRIPT'].includes(el.tagName))
    .flatMap((el) => [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? ''));
  return [...texts, ...named].filter((words) => words.trim() !== '');
}

function expectRussianOnly(root: HTMLElement) {
  const english = spokenWords(root).filter((words) => LIBRARY_ENGLISH.test(words) || /\b[A-Za-z]{4,}\b/.test(words));
  expect(english).toEqual([]);
  // Every button has a name to be read.
  for (const button of [...root.querySelectorAll('button, [role="button"]')]) {
    const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
    expect(name.trim(), button.outerHTML).not.toBe('');
  }
}

const transferPayment: Payment = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 7,
  method: 'transfer',
  status: 'awaiting_check',
  amountKopecks: 123_456,
  bonusKopecks: 0,
  refundedKopecks: 0,
  items: [],
  transfer: { bank: 'Сбербанк', holderName: 'Иван И.', cardNumber: '2200123456789012', sbpPhone: '79001234567', comment: 'Заказ 12' },
  hasReceipt: false,
  reason: null,
  confirmationUrl: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  paidAt: null,
};

describe('what a screen reader hears is Russian', () => {
  it('the code fields and the password eye', () => {
    const { container } = renderThemed(
      <>
        <PinInput length={4} type="number" />
        <PasswordInput label="Пароль" />
      </>,
    );
    expectRussianOnly(container);
    expect(screen.getAllByRole('textbox', { name: 'Цифра кода' })).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Показать или скрыть символы', hidden: true })).toBeTruthy();
  });

  it('an empty table', () => {
    const { container } = renderThemed(<BackOfficeTable records={[]} columns={[{ accessor: 'name', title: 'Имя' }]} />);
    expectRussianOnly(container);
    expect(screen.getByText('Нет записей')).toBeTruthy();
  });

  it('the transfer instructions with their copy buttons', () => {
    stubApi(() => undefined);
    const { container } = renderThemed(<TransferDetails payment={transferPayment} />);
    expectRussianOnly(container);
    for (const label of ['Сумма перевода', 'Комментарий к переводу', 'Номер карты', 'Телефон для перевода по СБП']) {
      expect(screen.getByRole('button', { name: `Скопировать: ${label}` })).toBeTruthy();
    }
  });
});
