import type { ErrorBody } from '@vmeste/contract';
import { requestFinished, requestStarted } from './loading-bar';
import { readStored, storageKeys } from './storage';

export const API_BASE = '/api';

/** An error answer of the API as the app sees it: the server's body plus its status. */
export type ApiError = ErrorBody & { statusCode: number };

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'statusCode' in value && 'message' in value;
}

let onUnauthorized: () => void = () => {};
/** Any 401 signs the user out; the session module registers how. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type RequestOptions = { body?: unknown; query?: Record<string, string | number | boolean | undefined | null>; signal?: AbortSignal };

/**
 * The one way the app talks to the server: base /api, the stored bearer token, no timeout, the top
 * loading bar, and an error answer rethrown as its body plus statusCode.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(API_BASE + path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readStored<string>(storageKeys.token);
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  requestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: options.signal ?? null });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw {
        statusCode: 0,
        error: 'Network Error',
        message: 'Нет связи с сервером. Проверьте подключение к интернету',
      } satisfies ApiError;
    }
    const text = await response.text();
    const data: unknown = text ? safeJson(text) : undefined;
    if (!response.ok) {
      if (response.status === 401) onUnauthorized();
      if (data && typeof data === 'object') throw { ...(data as ErrorBody), statusCode: response.status } satisfies ApiError;
      throw { statusCode: response.status, error: response.statusText, message: '' } satisfies ApiError;
    }
    return data as T;
  } finally {
    requestFinished();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
