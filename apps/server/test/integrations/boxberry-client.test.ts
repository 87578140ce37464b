import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxberryParcelInput, BoxberryError, createBoxberryClient } from '../../src/integrations/boxberry/boxberry-client.js';
import { type BoxberryEmulator, startBoxberryEmulator } from '../../src/integrations/boxberry/emulator/boxberry-emulator.js';

let bb: BoxberryEmulator;
beforeAll(async () => {
  // Statuses an hour apart: within a test only `advance` moves a parcel on.
  bb = await startBoxberryEmulator({ minutesPerStatus: 60 });
});
afterAll(() => bb.close());

function client(options: { token?: string; timeoutMs?: number; log?: FastifyBaseLogger } = {}) {
  return createBoxberryClient({
    baseUrl: bb.url,
    token: options.token ?? bb.demoToken,
    timeoutMs: options.timeoutMs ?? 3000,
    log: options.log,
  });
}

/** Runs `fn` and answers the BoxberryError it must throw. */
async function failure(fn: () => Promise<unknown>): Promise<BoxberryError> {
  const error = await fn().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BoxberryError);
  return error as BoxberryError;
}

/** The requests the emulator saw while `fn` ran. */
async function requestsDuring(fn: () => Promise<unknown>) {
  const before = bb.requests.length;
  await fn().catch(() => undefined);
  return bb.requests.slice(before);
}

function recordingLog() {
  const lines: unknown[] = [];
  const log = { warn: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
  return { log, text: () => JSON.stringify(lines) };
}

let orderSeq = 0;
function pickupParcel(overrides: Partial<BoxberryParcelInput> = {}): BoxberryParcelInput {
  orderSeq += 1;
  return {
    orderId: `test-${Date.now()}-${orderSeq}`,
    kind: 'pickup_point',
    targetPointCode: '77051',
    senderPointCode: '77104',
    recipient: { fullName: 'Иванова Мария Петровна', phone: '79161234567', email: 'maria@example.ru' },
    weightGrams: 1450,
    dimensionsCm: { length: 30, width: 20, height: 10 },
    declaredValueKopecks: 123_450,
    items: [
      { id: 'sku-1', name: 'Шапка вязаная', quantity: 2, priceKopecks: 45_000 },
      { id: 'sku-2', name: 'Шарф', quantity: 1, priceKopecks: 33_450 },
    ],
    ...overrides,
  };
}

describe('lookups', () => {
  it('lists cities with codes and regions', async () => {
    const cities = await client().listCities();
    expect(cities).toHaveLength(8);
    expect(cities.find((city) => city.name === 'Москва')).toEqual({ code: '68', name: 'Москва', region: 'Москва' });
    expect(cities.find((city) => city.name === 'Казань')).toEqual({
      code: '25',
      name: 'Казань',
      region: 'Татарстан',
      district: 'Казанский',
    });
    expect(await client().checkConnection()).toEqual({ citiesCount: 8 });
  });

  it('lists a city’s points, prepaid-only ones included, with typed fields', async () => {
    const seen = await requestsDuring(async () => {
      const points = await client().listPoints({ cityCode: '68' });
      expect(points.map((point) => point.code)).toEqual(['77051', '77104', '77215', '77332', '77408', '77519']);
      expect(points.every((point) => point.cityCode === '68' && point.cityName === 'Москва')).toBe(true);
      expect(points.find((point) => point.code === '77051')).toEqual({
        code: '77051',
        name: 'Москва Тверская_051',
        address: '125009, Москва г, Тверская ул, д.12, стр.2',
        phone: '+7(495)228-14-70',
        workSchedule: 'пн-пт: 10.00-21.00, сб-вс: 10.00-18.00',
        tripDescription: 'От м. Пушкинская 3 минуты пешком по Тверской улице, вход через арку во двор, вывеска Boxberry.',
        cityCode: '68',
        cityName: 'Москва',
        lat: 55.7619,
        lon: 37.6089,
        deliveryPeriodDays: 1,
        onlyPrepaidOrders: false,
        isPostamat: false,
        loadLimitKg: 31,
      });
      expect(points.find((point) => point.code === '77215')?.onlyPrepaidOrders).toBe(true);
      const postamat = points.find((point) => point.code === '77408');
      expect(postamat).toMatchObject({ isPostamat: true, loadLimitKg: 15, workSchedule: 'пн-вс: 00.00-24.00' });
    });
    expect(seen).toEqual([
      { method: 'ListPoints', httpMethod: 'GET', tokenIn: 'query', params: { method: 'ListPoints', prepaid: '1', CityCode: '68' } },
    ]);
  });

  it('lists every point without a city', async () => {
    const points = await client().listPoints();
    expect(points).toHaveLength(35);
    expect(new Set(points.map((point) => point.cityCode)).size).toBe(8);
  });

  it('the emulator leaves prepaid-only points out unless prepaid=1, like Boxberry', async () => {
    const response = await fetch(`${bb.url}?token=${bb.demoToken}&method=ListPoints&CityCode=68`);
    const points = (await response.json()) as { Code: string; OnlyPrepaidOrders: string }[];
    expect(points.map((point) => point.Code)).toEqual(['77051', '77104', '77332', '77408', '77519']);
  });

  it('prices delivery by weight, tariff zone and declared value', async () => {
    // Zone 1: 189 ₽ the first kilogram + 25 ₽ the started second one + 0.5 % of 1000 ₽.
    expect(await client().deliveryCosts({ weightGrams: 1500, targetPointCode: '77051', orderSumKopecks: 100_000 })).toEqual({
      priceKopecks: 21_900,
      periodDays: 1,
    });
    // Zone 4 (Novosibirsk): 369 ₽ + 2 × 80 ₽.
    expect(await client().deliveryCosts({ weightGrams: 3000, targetPointCode: '54011' })).toEqual({ priceKopecks: 52_900, periodDays: 6 });
  });

  it('passes on Boxberry’s refusal of an unknown point or a weight past the point’s limit', async () => {
    const unknown = await failure(() => client().deliveryCosts({ weightGrams: 1000, targetPointCode: '99999' }));
    expect(unknown.message).toBe('Boxberry ответил: Пункт выдачи с кодом 99999 не найден');
    expect(unknown.kind).toBe('rejected');
    const heavy = await failure(() => client().deliveryCosts({ weightGrams: 20_000, targetPointCode: '77408' }));
    expect(heavy.message).toBe('Boxberry ответил: Пункт выдачи 77408 принимает посылки весом до 15 кг');
  });
});

describe('parcels', () => {
  it('creates a pickup-point parcel as a form POST with sdata in roubles, and serves its label', async () => {
    const input = pickupParcel();
    let created: { track: string; labelUrl: string | null } | undefined;
    const seen = await requestsDuring(async () => {
      created = await client().createParcel(input);
    });
    expect(created?.track).toMatch(/^BB\d{10}$/);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'ParselCreate', httpMethod: 'POST', tokenIn: 'form' });
    const parcel = bb.parcels.get(created!.track)!;
    expect(parcel).toMatchObject({ orderId: input.orderId, kind: 'pickup_point', targetPointCode: '77051', weightGrams: 1450 });
    expect(parcel.sdata).toEqual({
      order_id: input.orderId,
      price: 1234.5,
      payment_sum: 0,
      delivery_sum: 0,
      vid: 1,
      shop: { name: '77051', name1: '77104' },
      customer: { fio: 'Иванова Мария Петровна', phone: '79161234567', email: 'maria@example.ru' },
      items: [
        { id: 'sku-1', name: 'Шапка вязаная', UnitName: 'шт', price: 450, quantity: 2 },
        { id: 'sku-2', name: 'Шарф', UnitName: 'шт', price: 334.5, quantity: 1 },
      ],
      weights: { weight: 1450, x: 30, y: 20, z: 10 },
    });

    const label = await fetch(created!.labelUrl!);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('creates a courier parcel with the address in kurdost', async () => {
    const input = pickupParcel({
      kind: 'courier',
      targetPointCode: undefined,
      courierAddress: { postalCode: '420111', city: 'Казань', address: 'ул Баумана, д 19, кв 4' },
    });
    const { track } = await client().createParcel(input);
    const parcel = bb.parcels.get(track)!;
    expect(parcel).toMatchObject({ kind: 'courier', targetPointCode: null });
    expect(parcel.sdata).toMatchObject({
      vid: 2,
      shop: { name: '' },
      kurdost: { index: '420111', citi: 'Казань', addressp: 'ул Баумана, д 19, кв 4' },
    });
  });

  it('a repeated order_id updates the same parcel and answers the same track', async () => {
    const input = pickupParcel();
    const first = await client().createParcel(input);
    const sizeAfterFirst = bb.parcels.size;
    const second = await client().createParcel({ ...input, weightGrams: 2100 });
    expect(second.track).toBe(first.track);
    expect(bb.parcels.size).toBe(sizeAfterFirst);
    expect(bb.parcels.get(first.track)?.weightGrams).toBe(2100);
  });

  it.each([
    [{ targetPointCode: '00000' }, 'Boxberry ответил: Пункт выдачи с кодом 00000 не найден'],
    [{ weightGrams: 40_000 }, 'Boxberry ответил: Вес посылки должен быть целым числом граммов от 1 до 31000'],
    [{ recipient: { fullName: '', phone: '79161234567' } }, 'Boxberry ответил: Не указано ФИО получателя (customer.fio)'],
    [{ recipient: { fullName: 'Иванов Иван', phone: '' } }, 'Boxberry ответил: Не указан телефон получателя (customer.phone)'],
    [{ orderId: 'x'.repeat(36) }, 'Boxberry ответил: Номер заказа (order_id) длиннее 35 символов'],
  ] satisfies [Partial<BoxberryParcelInput>, string][])('refuses a parcel: %j', async (overrides, message) => {
    const error = await failure(() => client().createParcel(pickupParcel(overrides)));
    expect(error).toMatchObject({ kind: 'rejected', message, isTokenRejected: false });
  });

  it('does not send a pickup-point parcel without a point', async () => {
    const seen = await requestsDuring(async () => {
      const error = await failure(() => client().createParcel(pickupParcel({ targetPointCode: undefined })));
      expect(error.message).toBe('Не выбран пункт выдачи Boxberry');
    });
    expect(seen).toHaveLength(0);
  });
});

describe('statuses', () => {
  it('starts with the registry status at the creation instant, read from Moscow time', async () => {
    const input = pickupParcel();
    const before = Date.now();
    const { track } = await client().createParcel(input);
    const statuses = await client().listStatuses(track);
    expect(statuses.map((status) => status.name)).toEqual(['Загружен реестр ИМ']);
    // Boxberry writes whole seconds of Moscow time; read back as +03:00 it is the same instant.
    expect(statuses[0]!.at.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(statuses[0]!.at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('accrues with advance, by track and by order id, and stops at «Выдано»', async () => {
    const input = pickupParcel();
    const { track } = await client().createParcel(input);
    expect(bb.advance(track)).toBe('Принято к доставке');
    expect((await client().listStatuses(input.orderId)).map((status) => status.name)).toEqual(['Загружен реестр ИМ', 'Принято к доставке']);
    for (let i = 0; i < 5; i += 1) bb.advance(input.orderId);
    expect((await client().listStatuses(track)).map((status) => status.name)).toEqual([
      'Загружен реестр ИМ',
      'Принято к доставке',
      'Передан на доставку до пункта выдачи',
      'Поступило в пункт выдачи',
      'Выдано',
    ]);
  });

  it('accrues over time, one status per minutesPerStatus', async () => {
    const fast = await startBoxberryEmulator({ minutesPerStatus: 0.002 });
    try {
      const fastClient = createBoxberryClient({ baseUrl: fast.url, token: fast.demoToken, timeoutMs: 3000 });
      const { track } = await fastClient.createParcel(pickupParcel());
      expect(await fastClient.listStatuses(track)).toHaveLength(1);
      // 0.002 minutes is 120 ms: three more statuses within 400 ms.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const statuses = await fastClient.listStatuses(track);
      expect(statuses.length).toBeGreaterThanOrEqual(4);
      expect(statuses[1]!.at.getTime() - statuses[0]!.at.getTime()).toBeGreaterThanOrEqual(0);
    } finally {
      await fast.close();
    }
  });

  it('refuses an unknown ImId', async () => {
    const error = await failure(() => client().listStatuses('NOSUCH'));
    expect(error.message).toBe('Boxberry ответил: Посылка NOSUCH не найдена');
  });
});

describe('errors', () => {
  it.each([
    ['err', 'Превышен лимит запросов'],
    ['err-list', 'Ошибка базы данных'],
    ['error-flag', 'Метод временно отключён'],
  ] as const)('reads a refusal shaped %s, without retrying it', async (shape, message) => {
    const seen = await requestsDuring(async () => {
      bb.failNext('ListCities', { kind: 'err', message, shape });
      const error = await failure(() => client().listCities());
      expect(error).toMatchObject({ kind: 'rejected', message: `Boxberry ответил: ${message}` });
    });
    expect(seen).toHaveLength(1);
  });

  it('tells a refused token apart and never repeats it', async () => {
    const log = recordingLog();
    const error = await failure(() => client({ token: 'bad-token-777', log: log.log }).checkConnection());
    expect(error).toMatchObject({
      kind: 'rejected',
      isTokenRejected: true,
      message: 'Boxberry не принял API-токен: Ключ интеграции не найден или заблокирован',
    });
    expect(log.text()).not.toContain('bad-token-777');
    const empty = await failure(() => client({ token: '' }).listCities());
    expect(empty.message).toBe('Boxberry не принял API-токен: Не указан ключ интеграции (token)');
  });

  it('accepts only the tokens it was given, when given', async () => {
    const strict = await startBoxberryEmulator({ acceptedTokens: ['shop-token-1'] });
    try {
      expect(strict.demoToken).toBe('shop-token-1');
      const good = createBoxberryClient({ baseUrl: strict.url, token: 'shop-token-1', timeoutMs: 3000 });
      expect(await good.checkConnection()).toEqual({ citiesCount: 8 });
      const other = createBoxberryClient({ baseUrl: strict.url, token: 'shop-token-2', timeoutMs: 3000 });
      expect((await failure(() => other.listCities())).isTokenRejected).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('retries a lookup after one 500 and one 429', async () => {
    const log = recordingLog();
    const seen = await requestsDuring(async () => {
      bb.failNext('ListPoints', { kind: 'http', status: 500 });
      bb.failNext('ListPoints', { kind: 'http', status: 429 });
      const started = Date.now();
      const points = await client({ token: 'secret-token-42', log: log.log }).listPoints({ cityCode: '25' });
      expect(points).toHaveLength(4);
      // 300 ms, then 1000 ms between the attempts.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1250);
    });
    expect(seen.map((request) => request.method)).toEqual(['ListPoints', 'ListPoints', 'ListPoints']);
    expect(log.text()).toContain('Boxberry вернул непонятный ответ (HTTP 500)');
    expect(log.text()).not.toContain('secret-token-42');
  });

  it('gives up after two retries with the last HTTP status', async () => {
    bb.failNext('ListCities', { kind: 'http', status: 502 }, 3);
    const error = await failure(() => client().listCities());
    expect(error).toMatchObject({ kind: 'bad_answer', message: 'Boxberry вернул непонятный ответ (HTTP 502)' });
  });

  it('does not retry ParselCreate', async () => {
    const seen = await requestsDuring(async () => {
      bb.failNext('ParselCreate', { kind: 'http', status: 503 });
      const error = await failure(() => client().createParcel(pickupParcel()));
      expect(error.message).toBe('Boxberry вернул непонятный ответ (HTTP 503)');
    });
    expect(seen).toHaveLength(1);
  });

  it('times out quickly, and a repeated ParselCreate finds the parcel made meanwhile', async () => {
    const input = pickupParcel();
    bb.failNext('ParselCreate', { kind: 'timeout' });
    const started = Date.now();
    const error = await failure(() => client({ timeoutMs: 300 }).createParcel(input));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toMatchObject({ kind: 'timeout', message: 'Boxberry не ответил за 0,3 с' });
    const made = [...bb.parcels.values()].find((parcel) => parcel.orderId === input.orderId);
    expect(made).toBeDefined();
    expect((await client().createParcel(input)).track).toBe(made!.track);
  });

  it('retries a timed-out lookup twice, then reports the timeout', async () => {
    const seen = await requestsDuring(async () => {
      bb.failNext('ListCities', { kind: 'timeout' }, 3);
      const started = Date.now();
      const error = await failure(() => client({ timeoutMs: 300 }).listCities());
      expect(error.message).toBe('Boxberry не ответил за 0,3 с');
      expect(Date.now() - started).toBeLessThan(4000);
    });
    expect(seen).toHaveLength(3);
  });

  it('reports an unreachable Boxberry', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createBoxberryClient({ baseUrl: `http://127.0.0.1:${port}/json.php`, token: 'x', timeoutMs: 1000 });
    const error = await failure(() => unreachable.listCities());
    expect(error).toMatchObject({ kind: 'unavailable', message: 'Boxberry недоступен: сервер отклонил соединение' });
  });

  it('the emulator refuses an unknown method', async () => {
    const response = await fetch(`${bb.url}?token=${bb.demoToken}&method=ListZips`);
    expect(await response.json()).toEqual({ err: 'Метод ListZips не существует' });
  });
});
