import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDadataClient, DadataError } from '../../src/integrations/dadata/dadata-client.js';
import { type DadataEmulator, startDadataEmulator } from '../../src/integrations/dadata/emulator/dadata-emulator.js';

let dd: DadataEmulator;
beforeAll(async () => {
  dd = await startDadataEmulator();
});
afterAll(() => dd.close());

function client(options: { apiKey?: string; timeoutMs?: number; log?: FastifyBaseLogger } = {}) {
  return createDadataClient({
    baseUrl: dd.baseUrl,
    apiKey: options.apiKey ?? dd.apiKey,
    timeoutMs: options.timeoutMs ?? 3000,
    log: options.log,
  });
}

async function failure(fn: () => Promise<unknown>): Promise<DadataError> {
  const error = await fn().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DadataError);
  return error as DadataError;
}

function post(body: string, authorization: string | null = `Token ${dd.apiKey}`) {
  return fetch(`${dd.baseUrl}/suggestions/api/4_1/rs/suggest/address`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
    body,
  });
}

describe('suggestions', () => {
  it('finds a house by city, street and number, normalised', async () => {
    const [house, flat] = await client().suggestAddress('москва тверская 7');
    expect(house).toEqual({
      value: 'г Москва, ул Тверская, д 7',
      unrestrictedValue: '125009, г Москва, ул Тверская, д 7',
      postalCode: '125009',
      region: 'г Москва',
      city: 'г Москва',
      street: 'ул Тверская',
      house: '7',
      flat: null,
      fiasId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/),
      fiasLevel: '8',
      lat: 55.7578,
      lon: 37.6117,
    });
    expect(flat).toMatchObject({ value: 'г Москва, ул Тверская, д 7, кв 15', flat: '15', fiasLevel: '9', lat: 55.7578 });
    expect(flat!.fiasId).not.toBe(house!.fiasId);
  });

  it('names the region apart from the city outside Moscow and Saint Petersburg', async () => {
    const [found] = await client().suggestAddress('Казань Пушкина 26');
    expect(found).toMatchObject({
      value: 'г Казань, ул Пушкина, д 26',
      unrestrictedValue: '420015, Респ Татарстан, г Казань, ул Пушкина, д 26',
      region: 'Респ Татарстан',
      city: 'г Казань',
    });
  });

  it('matches the start of any word, so a word being typed already finds', async () => {
    const found = await client().suggestAddress('тверс');
    expect(found.map((suggestion) => suggestion.street)).toEqual([
      'ул Тверская',
      'ул Тверская',
      'ул Тверская',
      'ул Тверская',
      'ул 1-я Тверская-Ямская',
      'ул 1-я Тверская-Ямская',
    ]);
    expect(await client().suggestAddress('тверская 99')).toEqual([]);
  });

  it('reads ё as е both ways', async () => {
    const plain = await client().suggestAddress('щелковское 75');
    const dotted = await client().suggestAddress('Щёлк 75');
    expect(plain.map((suggestion) => suggestion.value)).toEqual(['г Москва, Щёлковское ш, д 75']);
    expect(dotted).toEqual(plain);
  });

  it('answers 10 by default and at most 20', async () => {
    expect(await client().suggestAddress('д')).toHaveLength(10);
    expect(await client().suggestAddress('д', { count: 3 })).toHaveLength(3);
    expect(await client().suggestAddress('д', { count: 50 })).toHaveLength(20);
    const direct = (await (await post(JSON.stringify({ query: 'д', count: 100 }))).json()) as { suggestions: unknown[] };
    expect(direct.suggestions).toHaveLength(20);
  });

  it('does not spend a request on an empty query', async () => {
    const before = dd.requests;
    expect(await client().suggestAddress('   ')).toEqual([]);
    expect(dd.requests).toBe(before);
  });

  it('the emulator answers DaData-shaped objects with string coordinates', async () => {
    const response = await post(JSON.stringify({ query: 'Невский 88', count: 1 }));
    const { suggestions } = (await response.json()) as { suggestions: { data: Record<string, unknown> }[] };
    expect(suggestions[0]!.data).toMatchObject({
      postal_code: '191025',
      region_with_type: 'г Санкт-Петербург',
      city_with_type: 'г Санкт-Петербург',
      street_with_type: 'Невский пр-кт',
      street_type: 'пр-кт',
      street: 'Невский',
      house: '88',
      flat: null,
      settlement_with_type: null,
      geo_lat: '59.9317',
      geo_lon: '30.3533',
    });
  });
});

describe('errors', () => {
  it('the emulator refuses a missing or wrong key, and a body without a query', async () => {
    expect((await post(JSON.stringify({ query: 'москва' }), null)).status).toBe(401);
    expect((await post(JSON.stringify({ query: 'москва' }), 'Token wrong')).status).toBe(401);
    expect((await post(JSON.stringify({ count: 5 }))).status).toBe(400);
    expect((await post('{not json')).status).toBe(400);
  });

  it('reports a key DaData did not take', async () => {
    const error = await failure(() => client({ apiKey: 'wrong-key' }).suggestAddress('москва'));
    expect(error).toMatchObject({ kind: 'key_rejected', message: 'Подсказки адресов недоступны: ключ DaData не принят' });
    dd.failNext({ kind: 'http', status: 403 });
    expect((await failure(() => client().suggestAddress('москва'))).kind).toBe('key_rejected');
  });

  it('reports the daily limit from a 403 naming the feature disabled, without the key', async () => {
    const lines: unknown[] = [];
    const log = { warn: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
    dd.failNext({ kind: 'limit' });
    const error = await failure(() => client({ log }).suggestAddress('москва'));
    expect(error).toMatchObject({ kind: 'limit', message: 'Подсказки адресов недоступны: исчерпан дневной лимит DaData' });
    expect(JSON.stringify(lines)).not.toContain(dd.apiKey);
    expect(lines).toHaveLength(1);
  });

  it('reads 429 as the limit too', async () => {
    dd.failNext({ kind: 'http', status: 429 });
    expect((await failure(() => client().suggestAddress('москва'))).message).toBe(
      'Подсказки адресов недоступны: исчерпан дневной лимит DaData',
    );
  });

  it('retries once after a 5xx', async () => {
    const before = dd.requests;
    dd.failNext({ kind: 'http', status: 500 });
    expect(await client().suggestAddress('самара')).toHaveLength(5);
    expect(dd.requests - before).toBe(2);

    dd.failNext({ kind: 'http', status: 502 }, 2);
    const error = await failure(() => client().suggestAddress('самара'));
    expect(error).toMatchObject({ kind: 'unavailable', message: 'Подсказки адресов недоступны: DaData ответила HTTP 502' });
  });

  it('passes on another client error as is', async () => {
    dd.failNext({ kind: 'http', status: 413 });
    expect((await failure(() => client().suggestAddress('самара'))).message).toBe('Подсказки адресов недоступны: DaData ответила HTTP 413');
  });

  it('times out quickly and does not wait a second time', async () => {
    const before = dd.requests;
    dd.failNext({ kind: 'timeout' });
    const started = Date.now();
    const error = await failure(() => client({ timeoutMs: 300 }).suggestAddress('москва'));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ kind: 'timeout', message: 'Подсказки адресов недоступны: DaData не ответила за 0,3 с' });
    expect(dd.requests - before).toBe(1);
  });

  it('reports an unreachable DaData after one retry', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createDadataClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', timeoutMs: 1000 });
    const error = await failure(() => unreachable.suggestAddress('москва'));
    expect(error).toMatchObject({ kind: 'unavailable', message: 'Подсказки адресов недоступны: нет связи с DaData' });
  });
});
