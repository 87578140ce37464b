import {
  DEFAULT_ERROR_MESSAGE,
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

/** The server's Russian message of a failed call, or the default one. */
export function errorMessageOf(error: unknown): string {
  return (isApiError(error) && error.message) || DEFAULT_ERROR_MESSAGE;
}

let onUnauthorized: () => void = () => {};
/** Any 401 signs the user out; the session module registers how. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type RequestOptions = { body?: unknown; query?: Record<string, string | number | boolean | undefined | null>; signal?: AbortSignal };

/** The address, the bearer token and the body of a request, the same for JSON answers and for bytes. */
function requestOf(method: string, path: string, options: RequestOptions, accept: string): { url: URL; init: RequestInit } {
  const url = new URL(API_BASE + path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept };
  const token = readStored<string>(storageKeys.token);
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { url, init: { method, headers, body, signal: options.signal ?? null } };
}

/** Sends a request with the loading bar on; a network failure becomes the Russian «no connection» error. */
async function send<T>(request: { url: URL; init: RequestInit }, read: (response: Response) => Promise<T>): Promise<T> {
  requestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(request.url, request.init);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw {
        statusCode: 0,
        error: 'Network Error',
        message: 'Нет связи с сервером. Проверьте подключение к интернету',
      } satisfies ApiError;
    }
    if (!response.ok) {
      const text = await response.text();
      const data: unknown = text ? safeJson(text) : undefined;
      if (response.status === 401) onUnauthorized();
      if (data && typeof data === 'object') throw { ...(data as ErrorBody), statusCode: response.status } satisfies ApiError;
      throw { statusCode: response.status, error: response.statusText, message: '' } satisfies ApiError;
    }
    return await read(response);
  } finally {
    requestFinished();
  }
}

/**
 * The one way the app talks to the server: base /api, the stored bearer token, no timeout, the top
 * loading bar, and an error answer rethrown as its body plus statusCode.
 */
async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return send(requestOf(method, path, options, 'application/json'), async (response) => {
    const text = await response.text();
    return (text ? safeJson(text) : undefined) as T;
  });
}

/** How much of a download has come: `totalBytes` is null when the server streams without a length. */
export type DownloadProgress = { receivedBytes: number; totalBytes: number | null };

/** Reads the body chunk by chunk, so a long download can show how much has come. */
async function readBytes(response: Response, onProgress?: (progress: DownloadProgress) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('content-length'));
  const totalBytes = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  onProgress?.({ receivedBytes, totalBytes });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    receivedBytes += value.byteLength;
    onProgress?.({ receivedBytes, totalBytes });
  }
  return new Blob(chunks, { type });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type CallOptions = { signal?: AbortSignal };
type CallArgs<E extends EndpointDef, O = CallOptions> =
  HasRequestParts<E> extends true ? [request: EndpointRequest<E>, options?: O] : [request?: undefined, options?: O];

function partsOf(endpoint: EndpointDef, request: unknown) {
  const parts = (request ?? {}) as { params?: Record<string, unknown>; query?: RequestOptions['query']; body?: unknown; file?: Blob };
  let body = parts.body;
  if (endpoint.file && parts.file) {
    const form = new FormData();
    form.append('file', parts.file);
    body = form;
  }
  return { path: endpointPath(endpoint.path, parts.params), options: { body, ...(parts.query ? { query: parts.query } : {}) } };
}

/**
 * Calls an endpoint declared in the contract: the method, the path with its parameters, the query,
 * the body or the uploaded file, and the answer's type all come from the declaration.
 */
export function callEndpoint<E extends EndpointDef>(endpoint: E, ...[request, options]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const { path, options: requestOptions } = partsOf(endpoint, request);
  return apiRequest<EndpointResponse<E>>(endpoint.method, path, {
    ...requestOptions,
    ...(options?.signal ? { signal: options.signal } : {}),
  });
}

type DownloadOptions = CallOptions & { onProgress?: (progress: DownloadProgress) => void };

/**
 * Calls an endpoint that answers with bytes (`produces` in its declaration: a receipt, a spreadsheet)
 * and resolves with them as a Blob of the answer's type. Errors come back as from `callEndpoint`.
 */
export function downloadEndpoint<E extends EndpointDef & { produces: string }>(
  endpoint: E,
  ...[request, options]: CallArgs<E, DownloadOptions>
): Promise<Blob> {
  const { path, options: requestOptions } = partsOf(endpoint, request);
  const accept = `${endpoint.produces}, application/json`;
  const signalPart = options?.signal ? { signal: options.signal } : {};
  return send(requestOf(endpoint.method, path, { ...requestOptions, ...signalPart }, accept), (response) =>
    readBytes(response, options?.onProgress),
  );
}
