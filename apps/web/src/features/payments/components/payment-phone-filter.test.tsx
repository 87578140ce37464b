import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhoneFilter } from './payment-phone-filter';

describe('the payments list phone filter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes the phone in the shop mask and sends the digits typed after +7 once typing pauses', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <PhoneFilter value="" onChange={onChange} />
      </MantineProvider>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Телефон клиента');
    fireEvent.input(input, { target: { value: '90012' } });
    expect(input.value).toBe('+7 (900) 12');
    act(() => vi.advanceTimersByTime(500));
    expect(onChange).toHaveBeenLastCalledWith('90012');
  });
});
