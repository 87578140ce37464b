import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from './helpers.js';

/**
 * The purchases, cards and orders endpoints × every role: 401 without a session, 403 for a wrong
 * role, and no 401/403/5xx for the right one. Bodies are valid, so the guard is what answers.
 */
type Who = 'guest' | 'client' | 'unconfirmedClient' | 'admin' | 'storekeeper' | 'logistician' | 'organizer';
const everyone: Who[] = ['guest', 'client', 'unconfirmedClient', 'admin', 'storekeeper', 'logistician', 'organizer'];
const NIL = '00000000-0000-4000-8000-000000000000';

let ctx: TestContext;
let purchaseId = '';
let orderId = '';
let cardId = '';

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await signInAs(ctx.app, 'admin');
  purchaseId = (
    await ctx.app.inject({ method: 'POST', url: '/api/purchases', headers: admin, payload: { title: 'Матрица доступа' } })
  ).json<{ id: string }>().id;
  orderId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: admin,
      payload: {
        purchaseId,
        phone: '79000000004',
        clientName: 'Мария',
        lines: [{ product: 'Шарф', quantity: 1, unitPriceKopecks: 50000 }],
      },
    })
  ).json<{ id: string }>().id;
  cardId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cards',
      headers: admin,
      payload: { bank: 'Банк', holderName: 'Анна', number: '4111111111111111' },
    })
  ).json<{ id: string }>().id;
});
afterAll(() => ctx.close());

type Endpoint = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: () => string; payload?: () => unknown; allowed: Who[] | 'public' };

const adminOnly: Who[] = ['admin'];
const endpoints: Endpoint[] = [
  { method: 'GET', url: () => '/api/purchases/covers', allowed: 'public' },
  { method: 'GET', url: () => `/api/orders/${orderId}`, allowed: 'public' },
  { method: 'GET', url: () => '/api/orders/my?state=unpaid', allowed: ['client', 'unconfirmedClient'] },
  { method: 'GET', url: () => '/api/purchases', allowed: adminOnly },
  { method: 'GET', url: () => `/api/purchases/${purchaseId}`, allowed: adminOnly },
  { method: 'POST', url: () => '/api/purchases', payload: () => ({ title: 'Новая' }), allowed: adminOnly },
  { method: 'PATCH', url: () => `/api/purchases/${purchaseId}`, payload: () => ({ mainOrder: 1 }), allowed: adminOnly },
  { method: 'POST', url: () => `/api/purchases/${NIL}/status`, payload: () => ({ status: 'open' }), allowed: adminOnly },
  { method: 'GET', url: () => '/api/cards', allowed: adminOnly },
  {
    method: 'POST',
    url: () => '/api/cards',
    payload: () => ({ bank: 'Банк', holderName: 'Анна', number: '4111111111111111' }),
    allowed: adminOnly,
  },
  { method: 'PATCH', url: () => `/api/cards/${cardId}`, payload: () => ({ bank: 'Другой банк' }), allowed: adminOnly },
  { method: 'DELETE', url: () => `/api/cards/${NIL}`, allowed: adminOnly },
  { method: 'GET', url: () => `/api/orders?purchaseId=${purchaseId}`, allowed: adminOnly },
  { method: 'PATCH', url: () => `/api/orders/${orderId}`, payload: () => ({ clientName: 'Мария И.' }), allowed: adminOnly },
  {
    method: 'POST',
    url: () => '/api/orders',
    payload: () => ({ purchaseId: NIL, phone: '79000000004', lines: [{ product: 'Шарф', quantity: 1, unitPriceKopecks: 100 }] }),
    allowed: adminOnly,
  },
];

describe('purchases, cards and orders: access by role', () => {
  for (const endpoint of endpoints) {
    for (const who of everyone) {
      const isAllowed = endpoint.allowed === 'public' || endpoint.allowed.includes(who);
      const expected = isAllowed ? 'allowed' : who === 'guest' ? 401 : 403;
      it(`${endpoint.method} ${endpoint.url().replace(/[0-9a-f-]{36}/g, ':id')} as ${who} → ${expected}`, async () => {
        const headers = who === 'guest' ? {} : await signInAs(ctx.app, who);
        const payload = endpoint.payload?.();
        const res = await ctx.app.inject({ method: endpoint.method, url: endpoint.url(), headers, ...(payload ? { payload } : {}) });
        if (expected === 'allowed') {
          expect([401, 403]).not.toContain(res.statusCode);
          expect(res.statusCode, res.body).toBeLessThan(500);
        } else {
          expect(res.statusCode, res.body).toBe(expected);
          expect(res.json().message).toMatch(/[А-Яа-яЁё]/);
        }
      });
    }
  }

  it('multipart endpoints are guarded before the file is read', async () => {
    for (const url of [`/api/purchases/${purchaseId}/cover`, `/api/purchases/${purchaseId}/orders/import`]) {
      expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(401);
      const client = await signInAs(ctx.app, 'client');
      expect((await ctx.app.inject({ method: 'POST', url, headers: client })).statusCode).toBe(403);
    }
  });

  it('a client never reads orders of others through query tricks', async () => {
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: await signInAs(ctx.app, 'admin'),
      payload: { purchaseId, phone: '79001112299', lines: [{ product: 'Чужой товар', quantity: 1, unitPriceKopecks: 100 }] },
    });
    expect(other.statusCode).toBe(201);
    const client = await signInAs(ctx.app, 'client');
    for (const url of [
      '/api/orders/my',
      '/api/orders/my?phone=79001112299',
      `/api/orders/my?userId=${NIL}`,
      `/api/orders/my?purchaseId=${purchaseId}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: client });
      expect(res.statusCode).toBe(200);
      expect(JSON.stringify(res.json())).not.toContain('Чужой товар');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: client })).statusCode).toBe(403);
  });
});
