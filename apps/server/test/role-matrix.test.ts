import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from './helpers.js';
import { multipart } from './purchases-kit.js';

/**
 * Every endpoint built so far × every role: the status a caller gets before any business rule runs.
 * A body that fails validation would answer 400 after the guard, so the bodies here are valid.
 */
type Who = 'guest' | 'client' | 'unconfirmedClient' | 'admin' | 'storekeeper' | 'logistician' | 'organizer';
const everyone: Who[] = ['guest', 'client', 'unconfirmedClient', 'admin', 'storekeeper', 'logistician', 'organizer'];
const NIL_UUID = '00000000-0000-4000-8000-000000000000';

type Endpoint = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  /** Extra request headers, such as the content type of a multipart body. */
  headers?: Record<string, string>;
  allowed: Who[] | 'any-session' | 'public';
  okStatus?: number;
};

/** A tiny valid PNG (1×1) and a one-row orders CSV, so the upload routes get a well-formed multipart body. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const coverBody = multipart('file', PNG_1X1, 'cover.png', 'image/png');
const importBody = multipart('file', 'Телефон;Товар;Количество;Цена\n79000000004;Платье;1;100\n', 'orders.csv', 'text/csv');
const orderLine = { product: 'Платье', quantity: 1, unitPriceKopecks: 100 };

const endpoints: Endpoint[] = [
  { method: 'GET', url: '/api/health', allowed: 'public' },
  { method: 'GET', url: '/api/settings/public', allowed: 'public' },
  { method: 'GET', url: '/api/users/my', allowed: 'any-session' },
  { method: 'PATCH', url: '/api/users/update', payload: {}, allowed: 'any-session' },
  { method: 'GET', url: '/api/users/custom-cashback', allowed: ['client', 'unconfirmedClient'] },
  { method: 'POST', url: '/api/users/custom-cashback', payload: { phone: '79000000004', percent: 5 }, allowed: ['admin'] },
  { method: 'GET', url: '/api/users', allowed: ['admin'] },
  {
    method: 'POST',
    url: '/api/users',
    payload: { phone: '79000000001', name: 'А', surname: 'Б', role: 'storekeeper', password: 'staff-pass-1' },
    allowed: ['admin'],
    okStatus: 409,
  },
  { method: 'PATCH', url: `/api/users/${NIL_UUID}`, payload: { name: 'А' }, allowed: ['admin'], okStatus: 404 },
  { method: 'DELETE', url: `/api/users/${NIL_UUID}`, allowed: ['admin'], okStatus: 404 },
  { method: 'POST', url: '/api/auth/activation/send', allowed: ['client', 'unconfirmedClient'] },
  { method: 'POST', url: '/api/auth/activation/confirm', payload: { code: '000000' }, allowed: ['client', 'unconfirmedClient'] },
  // Purchases, covers, cards and orders.
  { method: 'GET', url: '/api/purchases/covers', allowed: 'public', okStatus: 200 },
  { method: 'GET', url: '/api/purchases', allowed: ['admin'], okStatus: 200 },
  { method: 'GET', url: `/api/purchases/${NIL_UUID}`, allowed: ['admin'], okStatus: 404 },
  { method: 'POST', url: '/api/purchases', payload: { title: 'Закупка из матрицы ролей' }, allowed: ['admin'], okStatus: 201 },
  { method: 'PATCH', url: `/api/purchases/${NIL_UUID}`, payload: { title: 'Другая' }, allowed: ['admin'], okStatus: 404 },
  {
    method: 'POST',
    url: `/api/purchases/${NIL_UUID}/cover`,
    payload: coverBody.payload,
    headers: coverBody.headers,
    allowed: ['admin'],
    okStatus: 404,
  },
  { method: 'POST', url: `/api/purchases/${NIL_UUID}/status`, payload: { status: 'open' }, allowed: ['admin'], okStatus: 404 },
  { method: 'GET', url: `/api/files/covers/${NIL_UUID}.webp`, allowed: 'public', okStatus: 404 },
  { method: 'GET', url: '/api/cards', allowed: ['admin'], okStatus: 200 },
  {
    method: 'POST',
    url: '/api/cards',
    payload: { bank: 'Сбербанк', holderName: 'Анна', number: '4111111111111111' },
    allowed: ['admin'],
    okStatus: 201,
  },
  { method: 'PATCH', url: `/api/cards/${NIL_UUID}`, payload: { bank: 'ВТБ' }, allowed: ['admin'], okStatus: 404 },
  { method: 'DELETE', url: `/api/cards/${NIL_UUID}`, allowed: ['admin'], okStatus: 404 },
  { method: 'GET', url: '/api/orders', allowed: ['admin'], okStatus: 200 },
  {
    method: 'POST',
    url: '/api/orders',
    payload: { purchaseId: NIL_UUID, phone: '79000000004', lines: [orderLine] },
    allowed: ['admin'],
    okStatus: 404,
  },
  { method: 'PATCH', url: `/api/orders/${NIL_UUID}`, payload: { clientName: 'Мария' }, allowed: ['admin'], okStatus: 404 },
  {
    method: 'POST',
    url: `/api/purchases/${NIL_UUID}/orders/import?dryRun=true`,
    payload: importBody.payload,
    headers: importBody.headers,
    allowed: ['admin'],
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `/api/purchases/${NIL_UUID}/orders/import`,
    payload: importBody.payload,
    headers: importBody.headers,
    allowed: ['admin'],
    okStatus: 404,
  },
  { method: 'GET', url: '/api/orders/my', allowed: ['client', 'unconfirmedClient'], okStatus: 200 },
  { method: 'GET', url: '/api/orders/my?state=unpaid', allowed: ['client', 'unconfirmedClient'], okStatus: 200 },
  { method: 'GET', url: `/api/orders/${NIL_UUID}`, allowed: 'public', okStatus: 404 },
  // Logout spends the session, so it stays last.
  { method: 'DELETE', url: '/api/auth/logout', allowed: 'any-session' },
];

let ctx: TestContext;
const headers = new Map<Who, Record<string, string>>();

beforeAll(async () => {
  ctx = await createTestApp();
  headers.set('guest', {});
});
afterAll(() => ctx.close());

/** One session per role, signed in once; logout gets a fresh one, because it spends it. */
const sessions = new Map<Who, Record<string, string>>();
async function headersOf(who: Who, fresh: boolean): Promise<Record<string, string>> {
  if (who === 'guest') return {};
  if (fresh) return signInAs(ctx.app, who);
  if (!sessions.has(who)) sessions.set(who, await signInAs(ctx.app, who));
  return sessions.get(who)!;
}

describe('role matrix', () => {
  for (const endpoint of endpoints) {
    for (const who of everyone) {
      const isAllowed =
        endpoint.allowed === 'public' || (endpoint.allowed === 'any-session' ? who !== 'guest' : endpoint.allowed.includes(who));
      const expected = isAllowed ? 'allowed' : who === 'guest' ? 401 : 403;
      it(`${endpoint.method} ${endpoint.url} as ${who} → ${expected}`, async () => {
        const auth = await headersOf(who, endpoint.url === '/api/auth/logout');
        const res = await ctx.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers: { ...auth, ...endpoint.headers },
          ...(endpoint.payload ? { payload: endpoint.payload } : {}),
        });
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
