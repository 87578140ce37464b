import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from './auth.service.js';

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}
