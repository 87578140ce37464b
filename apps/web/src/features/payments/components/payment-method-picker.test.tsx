import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { transferUnavailableReason } from './pay-form';
import { PaymentMethodPicker } from './payment-method-picker';

describe('a transfer needs a card bound to every purchase paid', () => {
  it('is available when each purchase has a card', () => {
    expect(transferUnavailableReason([{ title: 'Обувь', hasTransferCard: true }])).toBeUndefined();
    expect(transferUnavailableReason([])).toBeUndefined();
  });

  it('names the purchases without a card, each once', () => {
    expect(
      transferUnavailableReason([
        { title: 'Обувь', hasTransferCard: false },
        { title: 'Обувь', hasTransferCard: false },
        { title: 'Посуда', hasTransferCard: true },
      ]),
    ).toBe('Для закупки «Обувь» не указана карта для перевода');
    expect(
      transferUnavailableReason([
        { title: 'Обувь', hasTransferCard: false },
        { title: 'Пряжа', hasTransferCard: false },
      ]),
    ).toBe('Для закупок «Обувь», «Пряжа» не указана карта для перевода');
  });

  it('the picker shows the reason and does not let the method be chosen', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <PaymentMethodPicker
          value="card"
          onChange={onChange}
          unavailable={{ transfer: 'Для закупки «Обувь» не указана карта для перевода' }}
        />
      </MantineProvider>,
    );
    const transfer = screen.getByRole('radio', { name: /Переводом на карту/ });
    expect(transfer.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Для закупки «Обувь» не указана карта для перевода')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Картой онлайн/ }).hasAttribute('disabled')).toBe(false);
  });
});
