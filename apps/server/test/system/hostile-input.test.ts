import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { CYRILLIC, expectError } from '../fixtures/api-assertions.js';
import { newPhone, signupBody } from '../fixtures/accounts-kit.js';
import { type Headers, multipart } from '../fixtures/requests.js';

const NUL = 'Текст содержит недопустимый символ (нулевой байт)';
const OUT_OF_RANGE = 'Дата должна быть между 2000 и 2100 годом';

let ctx: TestContext;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

describe('a NUL character in any text → 400 naming the field, before any query', () => {
  it('in a body field of the guest sign-up', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(newPhone(), { name: 'Ма\u0000рия' }) });
    expectError(res, 400, { message: NUL, field: 'name' });
  });

  it('deep in a body (an order line)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: admin,
      payload: {
        purchaseId: '00000000-0000-4000-8000-000000000000',
        phone: '79000000001',
        lines: [{ product: 'П\u0000', quantity: 1, unitPriceKopecks: 1 }],
      },
    });
    expectError(res, 400, { message: NUL, field: 'lines.0.product' });
  });

  it('in a query parameter', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/warehouse/search?q=%00', headers: admin }), 400, {
      message: NUL,
      field: 'q',
    });
  });

  it('in a path segment', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/auth/reset-password/ab%00cd' }), 400, { message: NUL, field: 'id' });
  });

  it('in a key, without repeating the key', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { phone: '79000000001', password: 'x', 'a\u0000b': 1 },
    });
    expectError(res, 400, { message: NUL, field: 'body' });
  });

  it('in the name of an uploaded bonus file', async () => {
    const form = multipart('file', 'Телефон;Сумма\n79000000001;100\n', 'начисления\u0000.csv', 'text/csv');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bonus/uploads/preview',
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    expectError(res, 400, { field: 'file', message: /нулевой байт/ });
  });

  it('a body nested 10 000 levels deep → 400, not a stack overflow', async () => {
    const payload = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'content-type': 'application/json' }, payload });
    expectError(res, 400, { field: 'body' });
  });
});

describe('dates out of range → 400 before any query', () => {
  it.each([
    ['/api/reports/clients?from=0000-01-01', 'from'],
    ['/api/reports/clients/charts?to=9999-12-31', 'to'],
    ['/api/reports/clients/export?from=0000-01-01', 'from'],
    ['/api/payments?from=9999-12-31', 'from'],
    ['/api/payments/export?from=0000-01-01&to=2026-01-01', 'from'],
    ['/api/telegram/statistics?from=0000-01-01', 'from'],
  ])('%s', async (url, field) => {
    expectError(await ctx.app.inject({ method: 'GET', url, headers: admin }), 400, { message: OUT_OF_RANGE, field });
  });

  it('a day that is not in the calendar', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/reports/clients/export?from=2026-02-30', headers: admin });
    expectError(res, 400, { field: 'from' });
  });
});

describe("Fastify's and zod's own errors are Russian and never repeat the input", () => {
  it('a path with broken percent-encoding', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/orders/%E0%A4%A' });
    const body = expectError(res, 400, { field: null });
    expect(res.body).not.toContain('%E0');
    expect(body.message).toBe('Адрес запроса содержит неверно закодированные символы');
  });

  it('a path parameter over the length limit', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/reset-password/${'x'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ statusCode: 414, error: 'URI Too Long', message: 'Адрес запроса слишком длинный' });
  });

  it('zod: a string where an object is expected', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { phone: { hostile: 'input' }, password: 'x' } });
    const body = expectError(res, 400, { field: 'phone' });
    expect(body.message).not.toMatch(/[A-Za-z]{4,}/);
  });

  it('zod: an unknown choice is not quoted back', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/my?state=HOSTILE-CHOICE',
      headers: await signInAs(ctx.app, 'client'),
    });
    const body = expectError(res, 400, { field: 'state' });
    expect(body.message).not.toContain('HOSTILE');
  });

  it('a CSV with a quote never closed → Russian reason and line', async () => {
    const form = multipart('file', 'Телефон;Сумма\n"79000000001;100\n', 'bonus.csv', 'text/csv');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bonus/uploads/preview',
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    const body = expectError(res, 400, { field: 'file' });
    expect(body.message).toMatch(/^Не удалось прочитать CSV: кавычка открыта и не закрыта, строка 2\./);
  });
});

/** Raw bytes to the listening server: Node's HTTP parser refuses some requests before Fastify has them. */
async function sendRaw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe("requests Node's parser refuses", () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });

  it('headers over the size limit → 431 in Russian, nothing repeated', async () => {
    const answer = await sendRaw(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Hostile: ${'h'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { statusCode: number; message: string };
    expect(body.statusCode).toBe(431);
    expect(body.message).toMatch(CYRILLIC);
    expect(answer).not.toContain('hhhh');
  });

  it('a broken request line → 400 in Russian', async () => {
    const answer = await sendRaw(port, 'GET /api/he alth\u0001 HTTP/1.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(CYRILLIC);
    expect(answer).not.toContain('alth');
  });
});
