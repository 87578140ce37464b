import { type ChangeEvent, useCallback, useState } from 'react';
import type { FieldErrors } from './form-errors';

/**
 * Values and per-field errors of a form. `text(key)` wires a Mantine text input; the value is read
 * from the event at once, because React empties `currentTarget` before a state updater would run.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => setValues((current) => ({ ...current, [key]: value })), []);

  const text = (key: keyof T & string) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, event.currentTarget.value as T[typeof key]),
  });

  return { values, set, setValues, errors, setErrors, text };
}
