import { DEFAULT_ERROR_MESSAGE } from '@vmeste/contract';
import type { z } from 'zod';
import { isApiError } from './api-client';

export type FieldErrors = Record<string, string>;

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
