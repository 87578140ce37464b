import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from './helpers.js';

/**
 * Every endpoint built so far × every role: the status a caller gets before any business rule runs.
 * A body that fails validation would answer 400 after the guard, so the bodies here are valid.
 */
type Who = 'guest' | 'client' | 'unconfirmedClient' | 'admin' | 'storekeeper' | 'logistician' | 'organizer';
const everyone: Who[] = ['guest', 'client', 'unconfirmedClient', 'admin', 'storekeeper', 'logistician', 'organizer'];
const NIL_UUID = '00000000-0000-4000-8000-000000000000';

type Endpoint = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown; allowed: Who[] | 'any-session' | 'public'; okStatus?: number };

const endpoints: Endpoint[] = [
  { method: 'GET', url: '/api/health', allowed: 'public' },
  { method: 'GET', url: '/api/settings/public', allowed: 'public' },
  { method: 'GET', url: '/api/users/my', allowed: 'any-session' },
  { method: 'PATCH', url: '/api/users/update', payload: {}, allowed: 'any-session' },
  { method: 'GET', url: '/api/users/custom-cashback', allowed: ['client', 'unconfirmedClient'] },
  { method: 'POST', url: '/api/users/custom-cashback', payload: { phone: '79000000004', percent: 5 }, allowed: ['admin'] },
  { method: 'GET', url: '/api/users', allowed: ['admin'] },
  { method: 'POST', url: '/api/users', payload: { phone: '79000000001', name: 'А', surname: 'Б', role: 'storekeeper', password: 'staff-pass-1' }, allowed: ['admin'], okStatus: 409 },
  { method: 'PATCH', url: `/api/users/${NIL_UUID}`, payload: { name: 'А' }, allowed: ['admin'], okStatus: 404 },
  { method: 'DELETE', url: `/api/users/${NIL_UUID}`, allowed: ['admin'], okStatus: 404 },
  { method: 'POST', url: '/api/auth/activation/send', allowed: ['client', 'unconfirmedClient'] },
  { method: 'POST', url: '/api/auth/activation/confirm', payload: { code: '000000' }, allowed: ['client', 'unconfirmedClient'] },
  { method: 'DELETE', url: '/api/auth/logout', allowed: 'any-session' },
];

let ctx: TestContext;
const headers = new Map<Who, Record<string, string>>();

beforeAll(async () => {
  ctx = await createTestApp();
  headers.set('guest', {});
});
afterAll(() => ctx.close());

/** A fresh session per request, because logout spends it. */
async function headersOf(who: Who): Promise<Record<string, string>> {
  if (who === 'guest') return {};
  return signInAs(ctx.app, who);
}

describe('role matrix', () => {
  for (const endpoint of endpoints) {
    for (const who of everyone) {
      const isAllowed =
        endpoint.allowed === 'public' || (endpoint.allowed === 'any-session' ? who !== 'guest' : endpoint.allowed.includes(who));
      const expected = isAllowed ? 'allowed' : who === 'guest' ? 401 : 403;
      it(`${endpoint.method} ${endpoint.url} as ${who} → ${expected}`, async () => {
        const res = await ctx.app.inject({ method: endpoint.method, url: endpoint.url, headers: await headersOf(who), ...(endpoint.payload ? { payload: endpoint.payload } : {}) });
        if (expected === 'allowed') {
          expect(res.statusCode, res.body).not.toBe(401);
          expect(res.statusCode, res.body).not.toBe(403);
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (endpoint.okStatus) expect(res.statusCode).toBe(endpoint.okStatus);
        } else {
          expect(res.statusCode, res.body).toBe(expected);
          expect(res.json().message).toMatch(/[А-Яа-яЁё]/);
        }
      });
    }
  }
});
