import { type CustomRate, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { type Client, newClient } from './bonus-kit.js';

/** «Исключения» → clients with a percent of their own: found by any part of the phone and by name words in any order. */

let ctx: TestContext;
let admin: Headers;
let olga: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  olga = await newClient(ctx.app, { surname: 'Процентова', name: 'Ольга' });
  const res = await call(ctx.app, endpoints.bonus.setCustomCashback, { headers: admin, body: { phone: olga.phone, percent: 7 } });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => ctx.close());

async function found(q: string): Promise<string[]> {
  const res = await call(ctx.app, endpoints.bonus.customRates, { query: { q }, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CustomRate[]>().map((r) => r.phone);
}

describe('custom cashback rates search', () => {
  it('finds the client by any part of the phone typed in any form', async () => {
    const p = olga.phone;
    const forms = [
      p,
      `+${p}`,
      `8${p.slice(1)}`,
      `8 (${p.slice(1, 4)}) ${p.slice(4, 7)}`,
      `+7 (${p.slice(1, 4)}) ${p.slice(4, 7)}-${p.slice(7, 9)}`,
      `${p.slice(4, 7)}-${p.slice(7, 9)}`,
      p.slice(-4),
    ];
    for (const q of forms) expect(await found(q), q).toContain(p);
  });

  it('finds the client by name words in either order', async () => {
    for (const q of ['Ольга Процентова', 'процентова ольга', 'процент']) expect(await found(q), q).toEqual([olga.phone]);
    expect(await found('Ольга Иванова')).not.toContain(olga.phone);
  });
});
