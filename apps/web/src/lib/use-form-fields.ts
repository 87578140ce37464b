import { type ChangeEvent, useCallback, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, fieldErrorsOf, parseInRussian, serverErrorOf } from './form-errors';

/**
 * Values, per-field errors and the form-level error of a form. `text(key)` wires a Mantine text
 * input; the value is read from the event at once, because React empties `currentTarget` before a
 * state updater would run. What the user typed is never reset by an error.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => setValues((current) => ({ ...current, [key]: value })), []);

  const text = (key: keyof T & string) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, event.currentTarget.value as T[typeof key]),
  });

  /** Checks the body with the contract's schema before sending; shows the messages and answers false when wrong. */
  function validate(schema: z.ZodType, body: unknown): boolean {
    setFormError(null);
    const parsed = parseInRussian(schema, body);
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    return parsed.success;
  }

  /** A server error goes under its field when the form has one, otherwise above the form. */
  function showServerError(error: unknown, extraFields: string[] = []) {
    const { field, message } = serverErrorOf(error);
    if (field && (field in values || extraFields.includes(field))) setErrors({ [field]: message });
    else setFormError(message);
  }

  return { values, set, setValues, errors, setErrors, text, formError, setFormError, validate, showServerError };
}
