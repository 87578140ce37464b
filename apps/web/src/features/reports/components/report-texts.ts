import { DEFAULT_ERROR_MESSAGE } from '@vmeste/contract';
import { isApiError } from '@/lib/api-client';

/** The server's Russian message of a failed call, or the default one. */
export function errorText(error: unknown): string {
  return (isApiError(error) && error.message) || DEFAULT_ERROR_MESSAGE;
}
