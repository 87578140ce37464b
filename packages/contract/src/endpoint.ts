import type { z } from 'zod';
import type { Role } from './roles.js';

/**
 * Who may call an endpoint: anyone, any signed-in account, or only the listed roles. The server
 * derives its guard and the OpenAPI `security` marker from this; the role matrix test reads it too.
 */
export type Access = 'public' | 'session' | readonly Role[];

/** Error answers an endpoint documents beyond those its access and input imply. */
export type ErrorStatus = 400 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

export type EndpointDef = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Relative to /api, with `:name` parameters: `/orders/:id`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A multipart upload of one file in the field `file`, no bigger than `maxBytes`. `isReadByHandler`:
   * the handler reads it (`readFile`) once it has checked the caller may upload, instead of before.
   */
  file?: { maxBytes: number; isReadByHandler?: boolean };
  /** The success body; absent for an endpoint that answers with bytes (`produces`). */
  response?: z.ZodType;
  produces?: string;
  /** 200 unless the endpoint creates something. */
  status?: 200 | 201;
  errors?: readonly ErrorStatus[];
  /** Answers with a body of their own rather than the error body, such as the health check's 503. */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  /** Registered only outside production (test helpers). */
  isDevOnly?: boolean;
};

/** Declares an endpoint once; the literal type is kept, so both sides see its exact schemas. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

/** A file to upload, as the browser's `File` has it (the contract knows no DOM types). */
export type UploadFile = { readonly size: number; readonly type: string; readonly name?: string };

/** What a caller sends: only the parts the endpoint declares. */
export type EndpointRequest<E extends EndpointDef> = (E extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : unknown) &
  (E extends { query: infer Q extends z.ZodType } ? { query: z.input<Q> } : unknown) &
  (E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : unknown) &
  (E extends { file: { maxBytes: number } } ? { file: UploadFile } : unknown);

/** What a caller gets back on success. */
export type EndpointResponse<E extends EndpointDef> = E extends { response: infer R extends z.ZodType } ? z.output<R> : unknown;

/** Whether a request of this endpoint carries anything at all (so a caller may pass nothing). */
export type HasRequestParts<E extends EndpointDef> = E extends
  { params: z.ZodType } | { query: z.ZodType } | { body: z.ZodType } | { file: object }
  ? true
  : false;

/** `/orders/:id` with `{ id }` → `/orders/1f…`; every parameter is encoded. */
export function endpointPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

/** The roles an access admits; `null` for public and any-session endpoints. */
export function rolesOf(access: Access): readonly Role[] | null {
  return typeof access === 'string' ? null : access;
}

/**
 * Every error status an endpoint may answer with: 400 when it takes input, 401 when it needs a
 * session, 403 when it needs a role, 413/415 for uploads, plus what it declares.
 */
export function errorStatusesOf(def: EndpointDef): number[] {
  const statuses = new Set<number>(def.errors ?? []);
  if (def.params || def.query || def.body || def.file) statuses.add(400);
  if (def.access !== 'public') statuses.add(401);
  if (typeof def.access !== 'string') statuses.add(403);
  if (def.file) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}
