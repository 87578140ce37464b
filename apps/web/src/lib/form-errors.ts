import { DEFAULT_ERROR_MESSAGE, russianZodError } from '@vmeste/contract';
import type { z } from 'zod';
import { isApiError } from './api-client';

export type FieldErrors = Record<string, string>;

/**
 * The one way the browser checks a value against a contract schema: a check the schema does not word
 * gets the contract's Russian message here, because the browser's build leaves out the contract's
 * global setting of zod (it is code no module imports).
 */
export function parseInRussian<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(value, { error: russianZodError });
}

/** The first message per field of a failed zod parse, keyed by the top-level field name. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A server error with a named field goes under that field; anything else becomes a form-level message. */
export function serverErrorOf(error: unknown): { field?: string; message: string } {
  if (isApiError(error)) return { ...(error.field ? { field: error.field } : {}), message: error.message || DEFAULT_ERROR_MESSAGE };
  return { message: DEFAULT_ERROR_MESSAGE };
}
