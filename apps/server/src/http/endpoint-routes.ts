import {
  type EndpointDef,
  type EndpointGroup,
  errorBodySchema,
  errorStatusesOf,
  listEndpoints,
  type Role,
  rolesOf,
} from '@vmeste/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, messages } from '../shared/app-error.js';
import { isLoopbackAddress } from '../shared/loopback.js';
import type { RequestMeta } from '../shared/request-meta.js';
import { readUploadedFile } from '../shared/uploaded-file.js';
import { requestTextProblem } from './input-guard.js';

/**
 * The signed-in user of a request, by the shape http/ needs (the guard checks its role). http/ knows
 * no area: the accounts area, which finds the account by a bearer token, widens this to its whole
 * row by declaration merging (in areas/accounts/index.ts), as this file widens Fastify's request.
 */
export interface RequestUser {
  id: string;
  role: Role;
}

/** The signed-in account of a request: its user and the session its bearer token stands for. */
export type RequestAuth = { user: RequestUser; sessionId: string };

type Part<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What a handler gets: the validated parts its endpoint declares, and the session when it needs one. */
export type HandlerContext<E extends EndpointDef> = {
  params: Part<E, 'params'>;
  query: Part<E, 'query'>;
  body: Part<E, 'body'>;
  file: E extends { file: { isReadByHandler: true } } ? undefined : E extends { file: object } ? Buffer : undefined;
  /** Reads the upload now: for an endpoint whose handler checks the caller before taking the file. */
  readFile: E extends { file: { isReadByHandler: true } } ? () => Promise<Buffer> : undefined;
  /** The uploaded file's name as the browser sent it (untrusted: for showing only). */
  fileName: E extends { file: object } ? string : undefined;
  auth: E['access'] extends 'public' ? null : RequestAuth;
  /**
   * Who is signed in, for a public endpoint that answers a signed-in caller differently: the account of
   * a valid bearer token, or null for a guest (a stale token is no error here, unlike on a guarded route).
   */
  viewer: () => Promise<RequestAuth | null>;
  meta: RequestMeta;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A handler answers its endpoint's response body, or sends the reply itself (bytes, other statuses). */
export type EndpointHandler<E extends EndpointDef> = (context: HandlerContext<E>) => Promise<EndpointReply<E>> | EndpointReply<E>;
type EndpointReply<E> = (E extends { response: infer R extends z.ZodType } ? z.input<R> : never) | FastifyReply;

export type RouteHandlers<G extends EndpointGroup> = { [K in keyof G]: EndpointHandler<G[K]> };

export type AreaRoute = { endpoint: EndpointDef; handler: (context: HandlerContext<EndpointDef>) => unknown };

/** Pairs every endpoint of a contract group with its handler; a missing handler is a type error. */
export function routesOf<G extends EndpointGroup>(group: G, handlers: RouteHandlers<G>): AreaRoute[] {
  return Object.entries(group).map(([name, endpoint]) => ({
    endpoint,
    handler: handlers[name as keyof G] as unknown as AreaRoute['handler'],
  }));
}

export type Authenticator = (token: string) => Promise<RequestAuth | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, for routes that need one (set by the route's guard). */
    auth: RequestAuth | null;
  }
}

/**
 * Registers every endpoint of the contract from its declaration: the guard and the OpenAPI security
 * marker come from its access, the error answers from errorStatusesOf. Every declared endpoint must
 * have exactly one handler, so a forgotten or doubled route stops the start.
 */
export async function registerEndpointRoutes(
  app: FastifyInstance,
  routes: AreaRoute[],
  options: { authenticate: Authenticator; includeDevOnly: boolean },
): Promise<void> {
  const declared = listEndpoints().filter(({ def }) => options.includeDevOnly || !def.isDevOnly);
  const seen = new Set<EndpointDef>();
  for (const route of routes) {
    if (seen.has(route.endpoint)) throw new Error(`Endpoint ${route.endpoint.method} ${route.endpoint.path} has two handlers`);
    seen.add(route.endpoint);
  }
  const missing = declared.filter(({ def }) => !seen.has(def)).map(({ name }) => name);
  if (missing.length > 0) throw new Error(`Endpoints without a handler: ${missing.join(', ')}`);

  app.decorateRequest('auth', null);
  for (const route of routes) {
    if (route.endpoint.isDevOnly && !options.includeDevOnly) continue;
    registerOne(app, route, options.authenticate);
  }
}

/**
 * Development-only endpoints (the outbox shows anyone's codes and reset links) answer the machine
 * itself alone, judged by the socket's address; to anyone else they do not exist.
 */
async function loopbackOnly(request: FastifyRequest) {
  if (isLoopbackAddress(request.socket.remoteAddress)) return;
  throw new AppError('NOT_FOUND', messages.noSuchAddress);
}

function registerOne(app: FastifyInstance, { endpoint, handler }: AreaRoute, authenticate: Authenticator) {
  const response: Record<number, z.ZodType> = { ...endpoint.otherResponses };
  if (endpoint.response) response[endpoint.status ?? 200] = endpoint.response;
  for (const status of errorStatusesOf(endpoint)) response[status] ??= errorBodySchema;

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.file ? { consumes: ['multipart/form-data'] } : {}),
      ...(endpoint.produces ? { produces: [endpoint.produces] } : {}),
      response,
    },
    ...(endpoint.isDevOnly ? { onRequest: loopbackOnly } : {}),
    // Before the schemas: a NUL in any text or a body nested beyond reason is refused in one place. A body
    // the contract leaves opaque (Telegram's webhook) is its handler's to read: it checks the caller first
    // and acknowledges an update it cannot use rather than refusing it, or Telegram would resend it.
    ...(isOpaqueBody(endpoint) ? {} : { preValidation: (request, _reply, done) => done(requestTextProblem(request)) }),
    ...(endpoint.access === 'public' ? {} : { preHandler: guardOf(endpoint, authenticate) }),
    handler: async (request, reply) => {
      const { file } = endpoint;
      const upload = file && !file.isReadByHandler ? await readUploadedFile(request, file.maxBytes) : undefined;
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        file: upload?.data,
        fileName: upload?.filename,
        readFile: file?.isReadByHandler ? async () => (await readUploadedFile(request, file.maxBytes)).data : undefined,
        auth: request.auth,
        viewer: async () => request.auth ?? (await accountOfBearer(request, authenticate)) ?? null,
        meta: { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null },
        request,
        reply,
      } as HandlerContext<EndpointDef>);
      // A handler that answered itself returns the reply, which is thenable: awaiting it gives
      // undefined once the answer is out, so what tells is that the reply was sent.
      if (result === reply || reply.sent) return reply;
      return reply.status(endpoint.status ?? 200).send(result);
    },
  });
}

const isOpaqueBody = (endpoint: EndpointDef) => endpoint.body?.def.type === 'unknown';

const bearerOf = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

async function accountOfBearer(request: FastifyRequest, authenticate: Authenticator): Promise<RequestAuth | undefined> {
  const token = bearerOf(request);
  return token ? authenticate(token) : undefined;
}

/** A session for any non-public endpoint (401 without one), then one of its roles (403 otherwise). */
function guardOf(endpoint: EndpointDef, authenticate: Authenticator) {
  const roles = rolesOf(endpoint.access);
  return async (request: FastifyRequest) => {
    const token = bearerOf(request);
    if (!token) throw new AppError('UNAUTHORIZED', messages.unauthorized);
    const found = await authenticate(token);
    if (!found) throw new AppError('UNAUTHORIZED', 'Сессия завершена. Войдите снова');
    request.auth = found;
    if (roles && !roles.includes(found.user.role)) throw new AppError('FORBIDDEN', messages.forbidden);
  };
}
