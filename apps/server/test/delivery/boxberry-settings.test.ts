import { type BoxberrySettings, type ConnectionCheck, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxberrySettings } from '../../src/areas/delivery/delivery.schema.js';
import { type BoxberryEmulator, startBoxberryEmulator } from '../../src/integrations/boxberry/emulator/boxberry-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';

/**
 * Boxberry's settings: demo mode without a token, the token kept sealed and shown masked, the
 * connection check saying what Boxberry answered. (Production without a token:
 * boxberry-in-production.test.ts; address suggestions: address-suggest.test.ts.)
 */

const TOKEN = 'live-token-0123456789abcdef';
const dimensions = { defaultLengthCm: 40, defaultWidthCm: 30, defaultHeightCm: 20 };

describe('Boxberry settings', () => {
  let boxberry: BoxberryEmulator;
  let ctx: TestContext;
  let logistician: Headers;

  beforeAll(async () => {
    boxberry = await startBoxberryEmulator();
    ctx = await createTestApp({ BOXBERRY_BASE_URL: boxberry.url });
    logistician = await signInAs(ctx.app, 'logistician');
  });
  afterAll(async () => {
    await ctx?.close();
    await boxberry?.close();
  });

  const view = async () => {
    const res = await call(ctx.app, endpoints.delivery.boxberrySettings, { headers: logistician });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BoxberrySettings>();
  };
  const save = (body: Record<string, unknown>) =>
    call(ctx.app, endpoints.delivery.saveBoxberrySettings, { headers: logistician, body: { ...dimensions, ...body } });
  const check = async () => {
    const res = await call(ctx.app, endpoints.delivery.checkBoxberry, { headers: logistician });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ConnectionCheck>();
  };
  const storedCipher = async () => (await ctx.database.db.select().from(boxberrySettings))[0]?.tokenCipher ?? null;

  it('without a token: demo mode with the built-in emulator, which the check reaches', async () => {
    expect(await view()).toMatchObject({ isDemo: true, tokenMasked: null, apiUrl: 'встроенный эмулятор Boxberry' });
    const result = await check();
    expect(result.isOk).toBe(true);
    expect(result.message).toMatch(/^Демо-режим/);
    // The separate emulator was not asked: the demo talks to the built-in one.
    expect(boxberry.requests).toHaveLength(0);
  });

  it('a token is stored sealed and shown only masked; the check asks Boxberry at the configured URL', async () => {
    const res = await save({ token: TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(TOKEN);
    expect(res.json<BoxberrySettings>()).toMatchObject({ isDemo: false, tokenMasked: '••••••••cdef', apiUrl: boxberry.url, ...dimensions });
    const got = await call(ctx.app, endpoints.delivery.boxberrySettings, { headers: logistician });
    expect(got.body).not.toContain(TOKEN);
    const cipher = await storedCipher();
    expect(cipher).toMatch(/^v1\./);
    expect(cipher).not.toContain(TOKEN);
    expect(Buffer.from(cipher!.split('.')[3]!, 'base64url').toString('utf8')).not.toContain(TOKEN);

    const result = await check();
    expect(result).toMatchObject({
      isOk: true,
      message: expect.stringMatching(/^Подключение работает: Boxberry отвечает, городов с пунктами выдачи: \d+$/),
    });
    expect(boxberry.requests.at(-1)?.method).toBe('ListCities');
  });

  it('saving without a token keeps the saved one', async () => {
    const res = await save({ defaultLengthCm: 50 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BoxberrySettings>()).toMatchObject({ isDemo: false, tokenMasked: '••••••••cdef', defaultLengthCm: 50 });
  });

  it('a token Boxberry refuses: the check says so in words', async () => {
    expect((await save({ token: 'bad-token-1234' })).statusCode).toBe(200);
    const result = await check();
    expect(result.isOk).toBe(false);
    expect(result.message).toMatch(/^Boxberry не принял API-токен/);
    expect(result.message).not.toContain('bad-token-1234');
  });

  it('an empty token removes it: demo mode again', async () => {
    const res = await save({ token: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BoxberrySettings>()).toMatchObject({ isDemo: true, tokenMasked: null });
    expect(await storedCipher()).toBeNull();
    expect((await check()).isOk).toBe(true);
  });

  it('a token with control characters or spaces inside: 400 on token, and the demo mode stays', async () => {
    const before = await view();
    expect(before.isDemo).toBe(true);
    for (const token of ['live\u0000token-0123', 'live-token\r\n0123', 'live token 0123', 'live\u00a0token', '\u001b[31mlive-token']) {
      expectError(await save({ token }), 400, { field: 'token' });
    }
    expect(await view()).toEqual(before);
    expect(await storedCipher()).toBeNull();
  });

  it('a sender point that is not loaded: 404 on senderPointCode', async () => {
    expectError(await save({ senderPointCode: 'NOPE' }), 404, { field: 'senderPointCode' });
  });

  it('a client cannot read the settings: 403', async () => {
    const client = await signInAs(ctx.app, 'client');
    expectError(await call(ctx.app, endpoints.delivery.boxberrySettings, { headers: client }), 403);
  });
});
