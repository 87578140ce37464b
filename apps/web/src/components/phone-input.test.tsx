import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { maskDefinitions, PhoneInput } from './phone-input';

function Harness({ mask }: { mask?: string }) {
  const [value, setValue] = useState('');
  return (
    <MantineProvider>
      <PhoneInput label="Телефон" value={value} onChange={setValue} {...(mask ? { mask } : {})} />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

describe('PhoneInput', () => {
  it('defines 9 as a digit, a as a letter and * as a letter or digit', () => {
    expect(maskDefinitions['9'].test('5')).toBe(true);
    expect(maskDefinitions['9'].test('ж')).toBe(false);
    expect(maskDefinitions.a.test('ж')).toBe(true);
    expect(maskDefinitions.a.test('5')).toBe(false);
    expect(maskDefinitions['*'].test('Q')).toBe(true);
    expect(maskDefinitions['*'].test('7')).toBe(true);
    expect(maskDefinitions['*'].test('-')).toBe(false);
  });

  it('formats typed digits with the Russian phone mask', () => {
    render(<Harness />);
    fireEvent.input(screen.getByLabelText('Телефон'), { target: { value: '9001234567' } });
    expect(screen.getByTestId('value').textContent).toBe('+7 (900) 123-45-67');
  });
});
