import { MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { russianZodError } from '@vmeste/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
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

  describe('a check the schema does not word', () => {
    // As in the browser's build, where the contract's global setting of zod is not part of the bundle.
    afterEach(() => z.config({ localeError: russianZodError }));

    function Validating() {
      const form = useFormFields({ email: 'не почта' });
      return (
        <MantineProvider>
          <button type="button" onClick={() => form.validate(z.object({ email: z.email() }), form.values)}>
            Проверить
          </button>
          <output data-testid="errors">{JSON.stringify(form.errors)}</output>
        </MantineProvider>
      );
    }

    it('is answered in Russian even when zod is left with its English messages', () => {
      z.config(z.locales.en());
      render(<Validating />);
      fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
      expect(JSON.parse(screen.getByTestId('errors').textContent ?? '{}')).toEqual({ email: 'Неверный адрес электронной почты' });
    });
  });
});
