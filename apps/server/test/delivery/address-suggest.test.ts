import { type AddressSuggestResult, endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/tables.js';
import { signUpClient } from '../fixtures/accounts-kit.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';

/**
 * Address suggestions through the shop's server, and the limits that keep DaData's paid quota
 * whole: per person a minute (a quarter for an account that has not confirmed its phone), per
 * address a minute whoever is signed in there, and a ceiling for the whole shop in a Moscow day.
 */

const suggest = (ctx: TestContext, who: Headers, query: string, remoteAddress = '127.0.0.1') =>
  call(ctx.app, endpoints.delivery.suggestAddress, { headers: who, body: { query }, remoteAddress });

/** A fresh client whose phone is confirmed (set directly: the SMS round is the accounts tests' concern). */
async function confirmedClient(ctx: TestContext, phone?: string): Promise<Headers> {
  const signed = await signUpClient(ctx.app, phone);
  await ctx.database.db.update(users).set({ isConfirmedAccount: true }).where(eq(users.id, signed.user.id));
  return { authorization: signed.authorization };
}

let addressCounter = 0;
/** An address no other test of this file asks from. */
const newAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

describe('address suggestions', () => {
  it('without a DaData key: { isEnabled: false }', async () => {
    const ctx = await createTestApp();
    try {
      const client = await signInAs(ctx.app, 'client');
      const res = await suggest(ctx, client, 'москва тверская');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ isEnabled: false, suggestions: [] });
      expect((await ctx.app.areas.delivery.serviceStates())[1]).toMatchObject({
        mode: 'off',
        detail: expect.stringMatching(/DADATA_API_KEY/),
      });
    } finally {
      await ctx.close();
    }
  });

  describe('with a key (the built-in DaData emulator)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({
        DADATA_API_KEY: 'demo-dadata-key',
        DADATA_BASE_URL: 'emulator',
        ADDRESS_SUGGEST_PER_MINUTE: '4',
        ADDRESS_SUGGEST_PER_MINUTE_PER_IP: '5',
      });
    });
    afterAll(() => ctx.close());

    it('suggests addresses with a postal code and coordinates', async () => {
      const who = await confirmedClient(ctx);
      const res = await suggest(ctx, who, 'москва тверская', newAddress());
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json<AddressSuggestResult>();
      expect(result.isEnabled).toBe(true);
      expect(result.suggestions.length).toBeGreaterThan(0);
      for (const s of result.suggestions) {
        expect(s.value).toMatch(/Москва/);
        expect(s.value).toMatch(/Тверская/);
        expect(s.postalCode).toMatch(/^\d{6}$/);
        expect(typeof s.lat).toBe('number');
        expect(typeof s.lon).toBe('number');
      }
      expect((await ctx.app.areas.delivery.serviceStates())[1]).toMatchObject({ service: 'Подсказки адресов DaData', mode: 'emulated' });
    });

    it('the fifth request of a person in a minute: 429 with Retry-After; another person is not limited', async () => {
      const who = await confirmedClient(ctx);
      const address = newAddress();
      for (let i = 0; i < 4; i += 1) expect((await suggest(ctx, who, 'москва', address)).statusCode).toBe(200);
      const refused = await suggest(ctx, who, 'москва', address);
      const body = expectError(refused, 429, { message: /^Слишком много подсказок адреса подряд: введите адрес полностью/ });
      expect(body.retryAfterSeconds).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const other = await confirmedClient(ctx);
      expect((await suggest(ctx, other, 'москва', newAddress())).statusCode).toBe(200);
    });

    it('an account that has not confirmed its phone: a quarter of the minute (here one)', async () => {
      const fresh = { authorization: (await signUpClient(ctx.app)).authorization };
      const address = newAddress();
      expect((await suggest(ctx, fresh, 'москва', address)).statusCode).toBe(200);
      expectError(await suggest(ctx, fresh, 'москва', address), 429);
    });

    it('several people on one address share its budget; another address is not limited', async () => {
      const people = [await confirmedClient(ctx), await confirmedClient(ctx), await confirmedClient(ctx)];
      const address = newAddress();
      const statuses: number[] = [];
      // Two each: six requests on one address, none of the three past their own four.
      for (const who of people) for (let i = 0; i < 2; i += 1) statuses.push((await suggest(ctx, who, 'москва', address)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expectError(await suggest(ctx, people[2]!, 'москва', address), 429, { message: /^Слишком много подсказок адреса/ });
      expect((await suggest(ctx, people[2]!, 'москва', newAddress())).statusCode).toBe(200);
    });
  });

  describe('the daily ceiling of the whole shop', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ DADATA_API_KEY: 'demo-dadata-key', DADATA_BASE_URL: 'emulator', ADDRESS_SUGGEST_PER_DAY: '5' });
    });
    afterAll(() => ctx.close());

    it('a burst at once from many people and addresses: exactly the ceiling gets through (one shared counter)', async () => {
      const burst = await createTestApp({ DADATA_API_KEY: 'demo-dadata-key', DADATA_BASE_URL: 'emulator', ADDRESS_SUGGEST_PER_DAY: '5' });
      try {
        const people: Headers[] = [];
        for (let i = 0; i < 12; i += 1) people.push(await confirmedClient(burst, `7955${String(i).padStart(7, '0')}`));
        const answers = await Promise.all(people.map((who) => suggest(burst, who, 'москва', newAddress())));
        const statuses = answers.map((res) => res.statusCode).sort();
        expect(statuses).toEqual([...Array<number>(5).fill(200), ...Array<number>(7).fill(429)]);
      } finally {
        await burst.close();
      }
    });

    it('past it, everyone from every address gets 429 until Moscow midnight', async () => {
      const people = [await confirmedClient(ctx), await confirmedClient(ctx), await confirmedClient(ctx)];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await suggest(ctx, people[i % 3]!, 'москва', newAddress())).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

      const refused = await suggest(ctx, await signInAs(ctx.app, 'client'), 'москва', newAddress());
      const body = expectError(refused, 429, { message: 'Подсказки адресов на сегодня закончились: введите адрес полностью' });
      const moscowNow = new Date(Date.now() + 3 * 3600_000);
      const secondsToMidnight = 86_400 - (moscowNow.getUTCHours() * 3600 + moscowNow.getUTCMinutes() * 60 + moscowNow.getUTCSeconds());
      expect(body.retryAfterSeconds).toBeGreaterThan(0);
      expect(Math.abs(body.retryAfterSeconds! - secondsToMidnight)).toBeLessThanOrEqual(5);
      expect(refused.headers['retry-after']).toBe(String(body.retryAfterSeconds));
    });
  });
});
