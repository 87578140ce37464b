import type { Role } from '@vmeste/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.js';
import { AppError, messages } from '../shared/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`: the signed-in account and its session. */
    auth: { user: UserRow; sessionId: string } | null;
  }
}

/** Reads `Authorization: Bearer <token>`; any missing, expired or revoked session is a 401. */
export const authenticationPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
});

export async function authenticate(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  const found = await request.server.services.auth.authenticate(match[1]);
  if (!found) throw new AppError('UNAUTHORIZED', 'Сессия завершена. Войдите снова');
  request.auth = found;
}

/** A preHandler pair for a whole area: a session, then one of the roles. */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    await authenticate(request);
    if (!roles.includes(request.auth!.user.role)) throw new AppError('FORBIDDEN', messages.forbidden);
  };
}

/** The signed-in account; only valid after `authenticate` ran for the route. */
export function currentAuth(request: FastifyRequest) {
  if (!request.auth) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return request.auth;
}
