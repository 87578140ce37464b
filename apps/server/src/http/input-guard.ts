import type { FastifyRequest } from 'fastify';
import { AppError } from '../shared/app-error.js';

/** Deeper than any request the contract declares; a body nested deeper is refused before it is walked. */
const MAX_DEPTH = 32;

export const nulMessage = 'Текст содержит недопустимый символ (нулевой байт)';
const tooDeepMessage = 'Данные запроса вложены слишком глубоко';

const sections = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/**
 * One check for every text a request carries — path parameters, query, body — before the schemas
 * run: PostgreSQL refuses a NUL character in text, so it would fail as a 500 deep in a query. The
 * answer names the field at fault (when its name is a plain one) or else the section.
 */
export function requestTextProblem(request: FastifyRequest): AppError | undefined {
  for (const [key, section] of sections) {
    const found = findNul(request[key]);
    if (found === TOO_DEEP) return new AppError('BAD_REQUEST', tooDeepMessage, { field: section });
    if (found !== null) return new AppError('BAD_REQUEST', nulMessage, { field: found || section });
  }
  return undefined;
}

const TOO_DEEP = Symbol('too deep');

/** The path of the first text with a NUL (keys included), `''` for the root; walked without recursion. */
function findNul(root: unknown): string | typeof TOO_DEEP | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return fieldOf(path);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_DEPTH) return TOO_DEEP;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\0')) return fieldOf(path);
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** Field names come from the request itself: only a plain one is repeated back. */
function fieldOf(path: string[]): string {
  const field = path.join('.');
  return /^[\w.]{1,100}$/.test(field) ? field : '';
}
