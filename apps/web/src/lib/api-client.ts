import {
  type EndpointDef,
  endpointPath,
  type EndpointRequest,
  type EndpointResponse,
  type ErrorBody,
  type HasRequestParts,
} from '@vmeste/contract';
import { requestFinished, requestStarted } from './loading-bar';
import { readStored, storageKeys } from './storage';

const API_BASE = '/api';

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
async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
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

type CallArgs<E extends EndpointDef> =
  HasRequestParts<E> extends true ? [request: EndpointRequest<E>, options?: CallOptions] : [request?: undefined, options?: CallOptions];
type CallOptions = { signal?: AbortSignal };

/**
 * Calls an endpoint declared in the contract: the method, the path with its parameters, the query,
 * the body or the uploaded file, and the answer's type all come from the declaration.
 */
export function callEndpoint<E extends EndpointDef>(endpoint: E, ...[request, options]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const parts = (request ?? {}) as { params?: Record<string, unknown>; query?: RequestOptions['query']; body?: unknown; file?: Blob };
  let body = parts.body;
  if (endpoint.file && parts.file) {
    const form = new FormData();
    form.append('file', parts.file);
    body = form;
  }
  return apiRequest<EndpointResponse<E>>(endpoint.method, endpointPath(endpoint.path, parts.params), {
    body,
    ...(parts.query ? { query: parts.query } : {}),
    ...(options?.signal ? { signal: options.signal } : {}),
  });
}
