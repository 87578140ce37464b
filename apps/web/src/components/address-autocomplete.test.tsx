import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_DELAY_MS, ADDRESS_MIN_CHARS, AddressAutocomplete, type AddressSuggester } from './address-autocomplete';

function Harness({ suggest }: { suggest: AddressSuggester }) {
  const [value, setValue] = useState('');
  return (
    <MantineProvider>
      <AddressAutocomplete label="Адрес" value={value} onChange={setValue} suggest={suggest} />
    </MantineProvider>
  );
}

describe('AddressAutocomplete', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for suggestions after 1 character and 300 ms of quiet typing', async () => {
    expect(ADDRESS_MIN_CHARS).toBe(1);
    expect(ADDRESS_DELAY_MS).toBe(300);
    const suggest = vi.fn<AddressSuggester>().mockResolvedValue(['г Москва, ул Тверская']);
    render(<Harness suggest={suggest} />);
    const input = screen.getByRole('combobox', { name: 'Адрес' });
    fireEvent.change(input, { target: { value: 'М' } });
    fireEvent.change(input, { target: { value: 'Мо' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(suggest).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0]?.[0]).toBe('Мо');
  });

  it('does not ask for an empty value', async () => {
    const suggest = vi.fn<AddressSuggester>().mockResolvedValue([]);
    render(<Harness suggest={suggest} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Адрес' }), { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(suggest).not.toHaveBeenCalled();
  });
});
