import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { sessions, users } from '../src/db/schema.js';
import type { TestContext } from './helpers.js';

/** Every user-facing message of the API is Russian. */
export const CYRILLIC = /[А-Яа-яЁё]/;

/** The only keys an error answer may have (see errorBodySchema in the contract). */
const ERROR_BODY_KEYS = ['statusCode', 'error', 'message', 'field', 'retryAfterSeconds'];

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

export type ErrorBody = { statusCode: number; error: string; message: string; field?: string; retryAfterSeconds?: number };

/**
 * Asserts an error answer: the exact status, JSON `{ statusCode, error, message }` with a Russian
 * message, and optionally the exact message and the field at fault (`null` = no field at all).
 */
export function expectError(
  res: LightMyRequestResponse,
  statusCode: number,
  expected: { message?: string | RegExp; field?: string | null } = {},
): ErrorBody {
  expect(res.statusCode, res.body).toBe(statusCode);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<ErrorBody>();
  expect(body.statusCode).toBe(statusCode);
  expect(body.error).toBe(ERROR_NAMES[statusCode]);
  expect(typeof body.message).toBe('string');
  expect(body.message).toMatch(CYRILLIC);
  for (const key of Object.keys(body)) expect(ERROR_BODY_KEYS).toContain(key);
  if (typeof expected.message === 'string') expect(body.message).toBe(expected.message);
  else if (expected.message) expect(body.message).toMatch(expected.message);
  if (expected.field === null) expect(body).not.toHaveProperty('field');
  else if (expected.field !== undefined) expect(body.field).toBe(expected.field);
  return body;
}

/** Fails if the raw answer leaks anything of a password. */
export function expectNoPasswordLeak(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/password/i);
  expect(res.body).not.toContain('$argon2');
}

/** A valid sign-up body; tests override what they check. */
export function signupBody(phone: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { phone, name: 'Иван', surname: 'Петров', password: 'secret-pass-1', acceptPolicy: true, ...overrides };
}

export function signUp(app: FastifyInstance, payload: unknown, extra: { remoteAddress?: string } = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as Record<string, unknown>, ...extra });
}

export function signIn(app: FastifyInstance, phone: string, password: string, extra: { remoteAddress?: string } = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/signin', payload: { phone, password }, ...extra });
}

export function getMy(app: FastifyInstance, token?: string) {
  return app.inject({ method: 'GET', url: '/api/users/my', headers: token ? { authorization: `Bearer ${token}` } : {} });
}

export function logout(app: FastifyInstance, token?: string) {
  return app.inject({ method: 'DELETE', url: '/api/auth/logout', headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Signs up a fresh client and answers its token and id. */
export async function signUpClient(app: FastifyInstance, phone: string, overrides: Record<string, unknown> = {}) {
  const res = await signUp(app, signupBody(phone, overrides));
  if (res.statusCode !== 200) throw new Error(`sign-up of ${phone} failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ accessToken: string; user: { id: string; phone: string } }>();
  return { token: body.accessToken, user: body.user };
}

export async function countRows(ctx: TestContext): Promise<{ users: number; sessions: number }> {
  const { db } = ctx.database;
  const [u] = await db.select({ n: count() }).from(users);
  const [s] = await db.select({ n: count() }).from(sessions);
  return { users: Number(u?.n), sessions: Number(s?.n) };
}

export async function findUserRow(ctx: TestContext, phone: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.phone, phone));
  return row;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
