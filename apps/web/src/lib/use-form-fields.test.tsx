import { MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormFields } from './use-form-fields';

function Harness() {
  const form = useFormFields({ name: '', surname: '' });
  return (
    <MantineProvider>
      <TextInput label="Имя" {...form.text('name')} />
      <TextInput label="Фамилия" {...form.text('surname')} />
      <output data-testid="values">{JSON.stringify(form.values)}</output>
    </MantineProvider>
  );
}

describe('useFormFields', () => {
  it('keeps what is typed in each field', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Вера' } });
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: 'Лис' } });
    expect(JSON.parse(screen.getByTestId('values').textContent ?? '{}')).toEqual({ name: 'Вера', surname: 'Лис' });
  });
});
