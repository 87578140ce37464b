import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ClientParcel, type DeliveryInvoice, type LogisticsParcel, pointAddressOf, tariffFor } from '@vmeste/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boxberryPoints,
  deliveryInvoices,
  deliveryMethods,
  orderFulfilmentEvents,
  orderLines,
  orders,
  parcelDestinations,
  parcelItems,
  parcels,
  paymentEvents,
  paymentItems,
  payments,
  priceListTariffs,
  priceListVersions,
  users,
} from '../apps/server/src/tables.js';
import { createBoxberryClient } from '../apps/server/src/integrations/boxberry/boxberry-client.js';
import { listCities, listPoints } from '../apps/server/src/integrations/boxberry/emulator/boxberry-emulator-lookups.js';
import { demoCities } from '../apps/server/src/integrations/boxberry/emulator/boxberry-demo-data.js';
import { createDeliveryApp, createInvoices, type DeliveryContext, MARIA } from '../apps/server/test/delivery/delivery-kit.js';
import { isPostgresRun } from '../apps/server/test/fixtures/app.js';
import { demoPhones } from '../apps/server/test/fixtures/demo-accounts.js';
import { createPurchase, walkTo } from '../apps/server/test/fixtures/purchases-kit.js';
import type { Headers } from '../apps/server/test/fixtures/requests.js';

/**
 * The delivery area at a real shop's volume. (1) Boxberry's pickup points as Boxberry really lists them,
 * about 25,000 in about 2,000 cities: a local server in this process answers ListCities and ListPoints
 * in Boxberry's JSON (the built-in emulator's format, its demo cities included), the shop is pointed at
 * it with BOXBERRY_BASE_URL and a token saved on «Настройки Boxberry», and the sync runs three times:
 * everything new, nothing changed, 2 % changed. Wall time and the process's resident memory at its peak
 * (sampled every 5 ms). (2) The logistician's lists over 10,000 parcels (70 % awaiting an invoice,
 * 20 % invoiced, 10 % paid) of about 2,000 clients, written with SQL into the tables the areas own, the way
 * packing, invoicing and paying write them; latency of 200 requests each through `app.inject`.
 * (3) Invoicing 200 parcels in one request, twice. Asserts only that the work was done.
 */
const CITIES = 2_000;
const POINTS = 25_000;
/** The third sync: so many points closed, opened and moved (a new address). */
const CLOSED = 250;
const OPENED = 250;
const MOVED = 500;

const PURCHASES = 20;
const ORDERS_PER_PURCHASE = 500;
const PARCELS = PURCHASES * ORDERS_PER_PURCHASE;
/** Bulk clients: each has one order in every fourth purchase, five parcels in all; Мария has one in each, 20. */
const CLIENT_SLOTS = 2_000;
const WARMUP = 10;
const REQUESTS = 200;
const BATCH = 200;
const GOODS_KOPECKS = 250_000;

const database = isPostgresRun ? 'PostgreSQL' : 'PGlite';
const MiB = 1024 * 1024;
const mib = (bytes: number) => Math.round(bytes / MiB);

/** Runs `work` while sampling the resident memory; answers its result, time and peak. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakRss: number }> {
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, peakRss: Math.max(peakRss, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function printTable(title: string, rows: Record<string, string | number>[]) {
  const columns = Object.keys(rows[0] ?? {});
  console.log(['', title, columns.join(' | '), ...rows.map((row) => columns.map((c) => row[c]).join(' | '))].join('\n'));
}

/** Writes rows a thousand (or `size`) at a time; answers what the writes returned, in order. */
async function inChunks<T, R = unknown>(rows: T[], write: (chunk: T[]) => Promise<unknown>, size = 1_000): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const written = await write(rows.slice(i, i + size));
    if (Array.isArray(written)) out.push(...(written as R[]));
  }
  return out;
}

// Boxberry at full size

type RawRow = Record<string, unknown>;
type Generated = { cities: RawRow[]; pointsByCity: Map<string, RawRow[]> };

const demoCityCodes = new Set(demoCities.map((c) => c.code));
/** The demo points ListPoints answers (prepaid=1: all of them), so the shop's demo methods stay valid. */
const demoPointRows = listPoints(new URLSearchParams({ prepaid: '1' })).filter((p) => demoCityCodes.has(p.CityCode));
const GENERATED_CITIES = CITIES - demoCities.length;
const GENERATED_POINTS = POINTS - demoPointRows.length;

function rawCity(i: number): RawRow {
  const name = `Городок-${i}`;
  const region = `Область №${(i % 83) + 1}`;
  return {
    Code: String(100_000 + i),
    Name: name,
    CountryCode: '643',
    Prefix: 'г',
    ReceptionLaP: '1',
    DeliveryLaP: '1',
    Reception: '1',
    ForeignReceptionReturns: '0',
    Terminal: '1',
    Kladr: String(1_000_000_000_000 + i * 100_000),
    Region: region,
    UniqName: `${name}, ${region}`,
    District: `Район №${(i % 40) + 1}`,
    CourierDelivery: '1',
    CourierReception: i % 3 === 0 ? '0' : '1',
  };
}

function rawPoint(city: RawRow, j: number, moved = false): RawRow {
  const code = String(200_000 + j);
  const isPostamat = j % 7 === 0;
  const postalCode = String(100_000 + ((j * 37) % 899_999));
  const street = moved ? `Новая ${j % 300} ул` : `Улица ${j % 500} ул`;
  const house = `д.${(j % 120) + 1}`;
  const cityName = String(city.Name);
  return {
    Code: code,
    Name: `${cityName} ${street.replace(/ ул$/, '')}_${code.slice(-3)}`,
    Address: `${postalCode}, ${cityName} г, ${street}, ${house}`,
    Phone: `8-800-222-${String(j % 100).padStart(2, '0')}-${String((j * 7) % 100).padStart(2, '0')}`,
    WorkShedule: isPostamat ? 'пн-вс: 00.00-24.00' : `пн-пт: 10.00-21.00, сб-вс: 10.00-${j % 2 ? '18.00' : '20.00'}`,
    TripDescription: `От остановки «Центр» ${(j % 9) + 1} минут пешком, вход со двора, вывеска Boxberry.`,
    DeliveryPeriod: (j % 9) + 1,
    CityCode: city.Code,
    CityName: cityName,
    TariffZone: String((j % 4) + 1),
    Settlement: cityName,
    Area: city.Region,
    Country: 'Россия',
    GPS: `${(45 + ((j * 13) % 2000) / 100).toFixed(6)},${(30 + ((j * 29) % 10000) / 100).toFixed(6)}`,
    AddressReduce: `${street}, ${house}`,
    OnlyPrepaidOrders: j % 11 === 0 ? 'Yes' : 'No',
    Acquiring: j % 11 === 0 ? 'No' : 'Yes',
    DigitalSignature: 'No',
    CountryCode: '643',
    NalKD: j % 11 === 0 ? 'No' : 'Yes',
    Metro: '',
    TypeOfOffice: isPostamat ? '2' : '1',
    VolumeLimit: isPostamat ? 0.08 : 0.36,
    LoadLimit: isPostamat ? 15 : 31,
    Postamat: isPostamat,
  };
}

/**
 * Boxberry's list: the emulator's demo cities and points, then generated cities whose sizes fall off
 * like a real country's (the biggest 1,801 points, as Moscow has, the next 515, the smallest 4), 25,000 points in all.
 */
function generate(): Generated {
  const cities = [...listCities()] as RawRow[];
  const pointsByCity = new Map<string, RawRow[]>();
  for (const city of cities) pointsByCity.set(String(city.Code), []);
  for (const point of demoPointRows) pointsByCity.get(point.CityCode)?.push(point as RawRow);
  const weights = Array.from({ length: GENERATED_CITIES }, (_, i) => 1 / (i + 1) ** 0.7);
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(1, Math.floor((w / total) * GENERATED_POINTS)));
  sizes[0]! += GENERATED_POINTS - sizes.reduce((a, b) => a + b, 0);
  let j = 0;
  for (const [i, size] of sizes.entries()) {
    const city = rawCity(i);
    cities.push(city);
    pointsByCity.set(
      String(city.Code),
      Array.from({ length: size }, () => rawPoint(city, j++)),
    );
  }
  return { cities, pointsByCity };
}

/** The same list a day later: some points closed, some opened, some moved to a new address. */
function nextDay(base: Generated): Generated {
  const pointsByCity = new Map<string, RawRow[]>();
  let j = GENERATED_POINTS;
  let closed = 0;
  let opened = 0;
  let moved = 0;
  for (const city of base.cities) {
    const code = String(city.Code);
    let points = base.pointsByCity.get(code)!;
    if (!demoCityCodes.has(code) && points.length >= 4) {
      points = points.flatMap((point, k) => {
        const n = Number(point.Code) - 200_000;
        if (k === 1 && closed < CLOSED) {
          closed += 1;
          return [];
        }
        if (k === 2 && moved < MOVED) {
          moved += 1;
          return [rawPoint(city, n, true)];
        }
        return [point];
      });
      if (opened < OPENED) {
        opened += 1;
        points = [...points, rawPoint(city, j++)];
      }
    }
    pointsByCity.set(code, points);
  }
  if (closed !== CLOSED || opened !== OPENED || moved !== MOVED) throw new Error('the generated cities are too small for the changes');
  return { cities: base.cities, pointsByCity };
}

/** Answers of json.php rendered once, so the server costs the sync almost nothing. */
type Rendered = { cities: string; points: Map<string, string>; pointsTotal: number };
const render = (g: Generated): Rendered => ({
  cities: JSON.stringify(g.cities),
  points: new Map([...g.pointsByCity].map(([code, rows]) => [code, JSON.stringify(rows)])),
  pointsTotal: [...g.pointsByCity.values()].reduce((sum, rows) => sum + rows.length, 0),
});

async function startBigBoxberry(data: { current: Rendered }) {
  let requests = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params = url.searchParams;
    requests += 1;
    let body: string;
    if (!params.get('token')) body = JSON.stringify({ err: 'Не указан ключ интеграции (token)' });
    else if (params.get('method') === 'ListCities') body = data.current.cities;
    else if (params.get('method') === 'ListPoints') body = data.current.points.get(params.get('CityCode') ?? '') ?? '[]';
    else body = JSON.stringify({ err: `Метод ${params.get('method')} не существует` });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/json.php`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// The shared app

const day1 = generate();
const day2 = nextDay(day1);
const served = { current: render(day1) };
let boxberry: Awaited<ReturnType<typeof startBigBoxberry>>;
let ctx: DeliveryContext;
const syncTable: Record<string, string | number>[] = [];
const listTable: Record<string, string | number>[] = [];
const invoiceTable: Record<string, string | number>[] = [];

beforeAll(async () => {
  boxberry = await startBigBoxberry(served);
  ctx = await createDeliveryApp({ BOXBERRY_BASE_URL: boxberry.url });
}, 300_000);

afterAll(async () => {
  await ctx?.close();
  await boxberry?.close();
  printTable(`delivery: points sync, ${database}`, syncTable);
  printTable(`delivery: logistician's lists over ${PARCELS} parcels, ${database}, ${REQUESTS} requests each`, listTable);
  printTable(`delivery: invoicing ${BATCH} parcels at once, ${database}`, invoiceTable);
});

const countActive = async () =>
  Number((await ctx.database.db.select({ n: count() }).from(boxberryPoints).where(eq(boxberryPoints.isActive, true)))[0]!.n);
const countInactive = async () =>
  Number((await ctx.database.db.select({ n: count() }).from(boxberryPoints).where(eq(boxberryPoints.isActive, false)))[0]!.n);

describe(`points sync: ${POINTS} points in ${CITIES} cities`, () => {
  beforeAll(async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/logistics/settings/boxberry',
      headers: ctx.logistician,
      payload: { token: 'bench-boxberry-token-0001', defaultLengthCm: 30, defaultWidthCm: 20, defaultHeightCm: 15 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ isDemo: boolean; apiUrl: string }>()).toMatchObject({ isDemo: false, apiUrl: boxberry.url });
  });

  async function runSync(name: string, data: Generated, expectInactive: number) {
    served.current = render(data);
    const requestsBefore = boxberry.requests();
    const rssBefore = process.memoryUsage().rss;
    const run = await measured(() => ctx.app.areas.delivery.sync.runNow('manual'));
    expect(run.result).toMatchObject({ status: 'succeeded', citiesTotal: CITIES, citiesDone: CITIES, pointsCount: POINTS });
    expect(await countActive()).toBe(POINTS);
    expect(await countInactive()).toBe(expectInactive);
    syncTable.push(syncRow(name, boxberry.requests() - requestsBefore, run.ms, rssBefore, run.peakRss));
  }

  function syncRow(name: string, requests: number, ms: number, rssBefore: number, peakRss: number) {
    const bytes = [...served.current.points.values()].reduce(
      (sum, p) => sum + Buffer.byteLength(p),
      Buffer.byteLength(served.current.cities),
    );
    return {
      sync: name,
      database,
      'Boxberry requests': requests,
      'JSON, MiB': (bytes / MiB).toFixed(1),
      'wall, s': (ms / 1000).toFixed(1),
      'per city, ms': (ms / CITIES).toFixed(1),
      'RSS before, MiB': mib(rssBefore),
      'RSS peak, MiB': mib(peakRss),
    };
  }

  it("Boxberry alone: the same 2,001 reads through the shop's client, nothing written", async () => {
    const client = createBoxberryClient({ baseUrl: boxberry.url, token: 'bench-boxberry-token-0001', timeoutMs: 15_000 });
    const requestsBefore = boxberry.requests();
    const rssBefore = process.memoryUsage().rss;
    const run = await measured(async () => {
      let n = 0;
      for (const city of await client.listCities()) n += (await client.listPoints({ cityCode: city.code })).length;
      return n;
    });
    expect(run.result).toBe(POINTS);
    syncTable.push(syncRow('0: reads only, no database', boxberry.requests() - requestsBefore, run.ms, rssBefore, run.peakRss));
  });

  it('first sync: every point new', async () => {
    expect(served.current.pointsTotal).toBe(POINTS);
    await runSync('1: all new', day1, 0);
  });

  it('second sync: nothing changed', async () => {
    await runSync('2: unchanged', day1, 0);
  });

  it(`third sync: ${CLOSED} closed, ${OPENED} opened, ${MOVED} moved`, async () => {
    await runSync(`3: ${CLOSED} closed, ${OPENED} opened, ${MOVED} moved`, day2, CLOSED);
  });
});

// Parcels at volume

type Snapshot = { code: string; name: string; cityCode: string; cityName: string; address: string; workSchedule: string };
type Stage = 'packed' | 'invoiced' | 'paid';
/** 70 % packed, 20 % invoiced, 10 % paid, spread so that Мария's 20 (one per purchase) get each stage too. */
const stageOf = (i: number): Stage => {
  const r = (i * 7 + Math.floor(i / ORDERS_PER_PURCHASE)) % 10;
  return r < 7 ? 'packed' : r < 9 ? 'invoiced' : 'paid';
};
const bulkPhone = (slot: number) => `7956${String(slot).padStart(7, '0')}`;
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const referralCode = (n: number) =>
  Array.from({ length: 8 }, (_, k) => ALPHABET[Math.floor(n / ALPHABET.length ** k) % ALPHABET.length]).join('');

describe(`the logistician's lists over ${PARCELS} parcels`, () => {
  /** A bulk client's phone and one of their parcels awaiting an invoice, for the searches. */
  let searchPhone = '';
  let searchNumber = 0;
  /** Parcels awaiting an invoice, for the batches. */
  let toInvoice: string[] = [];
  let expected = { awaitingInvoice: 0, invoiced: 0, toShip: 0 };

  beforeAll(async () => {
    const started = performance.now();
    const { db } = ctx.database;
    const admin = ctx.admin;
    const staff = await db
      .select({ id: users.id, phone: users.phone, name: users.name, surname: users.surname, hash: users.passwordHash })
      .from(users)
      .where(inArray(users.phone, [demoPhones.storekeeper, demoPhones.logistician, MARIA]));
    const byPhone = new Map(staff.map((u) => [u.phone, u]));
    const storekeeper = byPhone.get(demoPhones.storekeeper)!;
    const logistician = byPhone.get(demoPhones.logistician)!;
    const maria = byPhone.get(MARIA)!;
    const storekeeperName = `${storekeeper.name} ${storekeeper.surname}`;
    const logisticianName = `${logistician.name} ${logistician.surname}`;
    const [mariaMethod] = await db
      .select()
      .from(deliveryMethods)
      .where(and(eq(deliveryMethods.userId, maria.id), eq(deliveryMethods.isDefault, true)));
    expect(mariaMethod?.kind).toBe('boxberry');
    const [version] = await db.select().from(priceListVersions).orderBy(asc(priceListVersions.createdAt)).limit(1);
    const tariffs = await db.select().from(priceListTariffs).where(eq(priceListTariffs.versionId, version!.id));

    // Purchases through the API, walked to distribution; their orders are written below as they end up.
    const purchases: { id: string; title: string }[] = [];
    for (let p = 0; p < PURCHASES; p += 1) {
      const title = `Нагрузка доставки ${p + 1}`;
      const purchase = await createPurchase(ctx.app, admin, { title, organizerFeePercent: 0 });
      await walkTo(ctx.app, admin, purchase.id, 'distribution');
      purchases.push({ id: purchase.id, title });
    }

    // Clients with confirmed accounts (Мария's password hash) and a default Boxberry method each.
    const points: Snapshot[] = await db
      .select({
        code: boxberryPoints.code,
        name: boxberryPoints.name,
        cityCode: boxberryPoints.cityCode,
        cityName: boxberryPoints.cityName,
        address: boxberryPoints.address,
        workSchedule: boxberryPoints.workSchedule,
      })
      .from(boxberryPoints)
      .where(eq(boxberryPoints.isActive, true))
      .orderBy(asc(boxberryPoints.code))
      .limit(5_000);
    type Client = { userId: string; phone: string; name: string; surname: string; methodId: string; point: Snapshot };
    const clients = new Map<number, Client>();
    for (let slot = 0; slot < CLIENT_SLOTS; slot += 1) {
      if (slot % ORDERS_PER_PURCHASE === 0) continue; // these slots are Мария's in every purchase
      clients.set(slot, {
        userId: randomUUID(),
        phone: bulkPhone(slot),
        name: `Клиент${slot}`,
        surname: 'Покупателева',
        methodId: randomUUID(),
        point: points[(slot * 7) % points.length]!,
      });
    }
    await inChunks([...clients.entries()], (chunk) =>
      db.insert(users).values(
        chunk.map(([slot, c]) => ({
          id: c.userId,
          phone: c.phone,
          name: c.name,
          surname: c.surname,
          passwordHash: maria.hash,
          role: 'client' as const,
          isConfirmedAccount: true,
          referralCode: referralCode(1_000_000 + slot),
        })),
      ),
    );
    await inChunks([...clients.values()], (chunk) =>
      db.insert(deliveryMethods).values(
        chunk.map((c) => ({
          id: c.methodId,
          userId: c.userId,
          kind: 'boxberry' as const,
          isDefault: true,
          recipientPhone: c.phone,
          recipientName: c.name,
          recipientSurname: c.surname,
          point: c.point,
        })),
      ),
    );
    const mariaClient: Client = {
      userId: maria.id,
      phone: MARIA,
      name: mariaMethod!.recipientName,
      surname: mariaMethod!.recipientSurname,
      methodId: mariaMethod!.id,
      point: mariaMethod!.point!,
    };

    // Orders: received in full and paid in cash, then packed one to a parcel.
    type Slot = { i: number; client: Client; purchase: { id: string; title: string }; orderId: string; weightGrams: number };
    const slots: Slot[] = [];
    for (let p = 0; p < PURCHASES; p += 1) {
      for (let k = 0; k < ORDERS_PER_PURCHASE; k += 1) {
        const i = p * ORDERS_PER_PURCHASE + k;
        const client = k === 0 ? mariaClient : clients.get(i % CLIENT_SLOTS)!;
        slots.push({ i, client, purchase: purchases[p]!, orderId: randomUUID(), weightGrams: 300 + ((i * 137) % 2_700) });
      }
    }
    const orderNumbers = new Map(
      (
        await inChunks<Slot, { id: string; number: number }>(slots, (chunk) =>
          db
            .insert(orders)
            .values(
              chunk.map((s) => ({
                id: s.orderId,
                purchaseId: s.purchase.id,
                userId: s.client.userId,
                phone: s.client.phone,
                clientName: `${s.client.surname} ${s.client.name}`,
                goodsKopecks: GOODS_KOPECKS,
                totalKopecks: GOODS_KOPECKS,
                paidKopecks: GOODS_KOPECKS,
                fulfilmentStatus: 'packed' as const,
              })),
            )
            .returning({ id: orders.id, number: orders.number }),
        )
      ).map((o) => [o.id, o.number]),
    );
    await inChunks(slots, (chunk) =>
      db
        .insert(orderLines)
        .values(
          chunk.map((s) => ({ orderId: s.orderId, product: 'Платье', quantity: 1, unitPriceKopecks: GOODS_KOPECKS, arrivedQuantity: 1 })),
        ),
    );
    const orderPaymentIds = slots.map(() => randomUUID());
    await inChunks(
      slots.map((s, n) => ({ s, id: orderPaymentIds[n]! })),
      async (chunk) => {
        const now = new Date();
        await db.insert(payments).values(
          chunk.map(({ s, id }) => ({
            id,
            method: 'cash' as const,
            status: 'succeeded' as const,
            amountKopecks: GOODS_KOPECKS,
            payerPhone: s.client.phone,
            payerName: `${s.client.surname} ${s.client.name}`,
            paidAt: now,
            closedAt: now,
          })),
        );
        await db.insert(paymentItems).values(
          chunk.map(({ s, id }) => ({
            paymentId: id,
            kind: 'order' as const,
            orderId: s.orderId,
            orderNumber: orderNumbers.get(s.orderId)!,
            purchaseId: s.purchase.id,
            purchaseTitle: s.purchase.title,
            amountKopecks: GOODS_KOPECKS,
            isOpen: false,
          })),
        );
        await db.insert(paymentEvents).values(
          chunk.map(({ s, id }) => ({
            paymentId: id,
            action: 'cash' as const,
            statusBefore: null,
            statusAfter: 'succeeded' as const,
            amountKopecks: GOODS_KOPECKS,
            comment: 'Наличными 2 500,00 ₽',
            orders: [{ number: orderNumbers.get(s.orderId)!, paidBeforeKopecks: 0, paidAfterKopecks: GOODS_KOPECKS }],
          })),
        );
      },
    );

    const parcelIds = slots.map(() => randomUUID());
    const parcelNumbers = new Map(
      (
        await inChunks<Slot, { id: string; number: number }>(
          slots,
          (chunk) =>
            db
              .insert(parcels)
              .values(
                chunk.map((s) => ({
                  id: parcelIds[s.i]!,
                  phone: s.client.phone,
                  clientName: `${s.client.surname} ${s.client.name}`,
                  deliveryKind: 'boxberry' as const,
                  status: stageOf(s.i),
                  weightGrams: s.weightGrams,
                  packedById: storekeeper.id,
                  packedByName: storekeeperName,
                })),
              )
              .returning({ id: parcels.id, number: parcels.number }),
          500,
        )
      ).map((r) => [r.id, r.number]),
    );
    await inChunks(slots, (chunk) => db.insert(parcelItems).values(chunk.map((s) => ({ parcelId: parcelIds[s.i]!, orderId: s.orderId }))));
    await inChunks(slots, (chunk) =>
      db.insert(parcelDestinations).values(
        chunk.map((s) => ({
          parcelId: parcelIds[s.i]!,
          kind: 'boxberry' as const,
          methodId: s.client.methodId,
          recipientPhone: s.client.phone,
          recipientName: s.client.name,
          recipientSurname: s.client.surname,
          point: s.client.point,
        })),
      ),
    );
    await inChunks(slots, (chunk) =>
      db.insert(orderFulfilmentEvents).values(
        chunk.flatMap((s) => [
          {
            orderId: s.orderId,
            fromStatus: 'awaiting_goods' as const,
            toStatus: 'arrived' as const,
            actorId: storekeeper.id,
            actorName: storekeeperName,
            note: 'Приёмка',
          },
          {
            orderId: s.orderId,
            fromStatus: 'arrived' as const,
            toStatus: 'packed' as const,
            actorId: storekeeper.id,
            actorName: storekeeperName,
            note: `Посылка №${parcelNumbers.get(parcelIds[s.i]!)}`,
          },
        ]),
      ),
    );

    // Invoices of the invoiced and paid parcels at the price list's price; the paid ones paid by card.
    const invoiced = slots.filter((s) => stageOf(s.i) !== 'packed');
    const priceOf = (s: Slot) => tariffFor(tariffs, 'boxberry', s.weightGrams)!.priceKopecks;
    const invoiceIds = new Map(invoiced.map((s) => [s.i, randomUUID()]));
    const invoiceNumbers = new Map(
      (
        await inChunks<Slot, { id: string; number: number }>(invoiced, (chunk) =>
          db
            .insert(deliveryInvoices)
            .values(
              chunk.map((s) => {
                const isPaid = stageOf(s.i) === 'paid';
                return {
                  id: invoiceIds.get(s.i)!,
                  parcelId: parcelIds[s.i]!,
                  phone: s.client.phone,
                  clientName: `${s.client.surname} ${s.client.name}`,
                  kind: 'boxberry' as const,
                  destination: pointAddressOf(s.client.point),
                  weightGrams: s.weightGrams,
                  priceKopecks: priceOf(s),
                  listPriceKopecks: priceOf(s),
                  priceListVersionId: version!.id,
                  status: isPaid ? ('paid' as const) : ('unpaid' as const),
                  paidKopecks: isPaid ? priceOf(s) : 0,
                  paidAt: isPaid ? new Date() : null,
                  createdById: logistician.id,
                  createdByName: logisticianName,
                };
              }),
            )
            .returning({ id: deliveryInvoices.id, number: deliveryInvoices.number }),
        )
      ).map((r) => [r.id, r.number]),
    );
    const paid = invoiced.filter((s) => stageOf(s.i) === 'paid').map((s) => ({ s, id: randomUUID() }));
    await inChunks(paid, async (chunk) => {
      const now = new Date();
      await db.insert(payments).values(
        chunk.map(({ s, id }) => ({
          id,
          method: 'card' as const,
          status: 'succeeded' as const,
          amountKopecks: priceOf(s),
          userId: s.client.userId,
          payerPhone: s.client.phone,
          payerName: `${s.client.surname} ${s.client.name}`,
          provider: 'sandbox',
          providerPaymentId: `bench-${id}`,
          paidAt: now,
          closedAt: now,
        })),
      );
      await db.insert(paymentItems).values(
        chunk.map(({ s, id }) => ({
          paymentId: id,
          kind: 'delivery_invoice' as const,
          invoiceId: invoiceIds.get(s.i)!,
          invoiceNumber: invoiceNumbers.get(invoiceIds.get(s.i)!)!,
          amountKopecks: priceOf(s),
          isOpen: false,
        })),
      );
      await db.insert(paymentEvents).values(
        chunk.map(({ s, id }) => ({
          paymentId: id,
          action: 'provider_succeeded' as const,
          statusBefore: 'pending' as const,
          statusAfter: 'succeeded' as const,
          amountKopecks: priceOf(s),
        })),
      );
    });
    await db.execute(sql`analyze`);

    const bulkPacked = slots.filter((s) => stageOf(s.i) === 'packed' && s.client.phone !== MARIA);
    searchPhone = bulkPacked[0]!.client.phone;
    // The newest: a short number would also match every phone holding its digits (all phones hold a 7).
    searchNumber = parcelNumbers.get(parcelIds[bulkPacked.at(-1)!.i]!)!;
    toInvoice = bulkPacked.slice(10, 10 + 2 * BATCH).map((s) => parcelIds[s.i]!);
    const summary = await ctx.app.inject({ method: 'GET', url: '/api/logistics/summary', headers: ctx.logistician });
    expect(summary.statusCode, summary.body).toBe(200);
    expected = summary.json<typeof expected>();
    expect(expected.awaitingInvoice).toBeGreaterThanOrEqual(slots.filter((s) => stageOf(s.i) === 'packed').length);
    console.log(
      `delivery: ${PARCELS} parcels of ${clients.size + 1} clients written in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(${JSON.stringify(expected)})`,
    );
  }, 300_000);

  async function latency(name: string, url: string, who: Headers, check: (body: string) => number) {
    const times: number[] = [];
    let body = '';
    for (let n = 0; n < WARMUP + REQUESTS; n += 1) {
      const t = performance.now();
      const res = await ctx.app.inject({ method: 'GET', url, headers: who });
      const ms = performance.now() - t;
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      if (n >= WARMUP) times.push(ms);
      body = res.body;
    }
    const found = check(body);
    times.sort((a, b) => a - b);
    listTable.push({
      request: name,
      database,
      'p50, ms': percentile(times, 50).toFixed(1),
      'p95, ms': percentile(times, 95).toFixed(1),
      'p99, ms': percentile(times, 99).toFixed(1),
      'max, ms': times.at(-1)!.toFixed(1),
      'answer, KiB': (Buffer.byteLength(body) / 1024).toFixed(1),
      found,
    });
  }

  it('GET /api/logistics/summary', async () => {
    await latency('summary', '/api/logistics/summary', ctx.logistician, (body) => {
      expect(JSON.parse(body)).toMatchObject(expected);
      return expected.awaitingInvoice + expected.invoiced + expected.toShip;
    });
  });

  it('GET /api/logistics/parcels?stage=awaiting_invoice, first page of 20', async () => {
    await latency(
      'awaiting_invoice, page 1 of 20',
      '/api/logistics/parcels?stage=awaiting_invoice&page=1&pageSize=20',
      ctx.logistician,
      (body) => {
        const page = JSON.parse(body) as { items: LogisticsParcel[]; total: number };
        expect(page.items).toHaveLength(20);
        expect(page.total).toBe(expected.awaitingInvoice);
        return page.total;
      },
    );
  });

  it('the same searched by phone', async () => {
    await latency(
      'awaiting_invoice, q=phone',
      `/api/logistics/parcels?stage=awaiting_invoice&page=1&pageSize=20&q=${searchPhone}`,
      ctx.logistician,
      (body) => {
        const page = JSON.parse(body) as { items: LogisticsParcel[]; total: number };
        expect(page.total).toBeGreaterThan(0);
        expect(page.items.every((p) => p.phone === searchPhone)).toBe(true);
        return page.total;
      },
    );
  });

  it('the same searched by parcel number', async () => {
    await latency(
      'awaiting_invoice, q=number',
      `/api/logistics/parcels?stage=awaiting_invoice&page=1&pageSize=20&q=${searchNumber}`,
      ctx.logistician,
      (body) => {
        const page = JSON.parse(body) as { items: LogisticsParcel[]; total: number };
        expect(page.items.some((p) => p.number === searchNumber)).toBe(true);
        return page.total;
      },
    );
  });

  it('GET /api/delivery/parcels/my, a client with 20 parcels', async () => {
    await latency('my parcels (20)', '/api/delivery/parcels/my', ctx.client, (body) => {
      const mine = JSON.parse(body) as ClientParcel[];
      expect(mine).toHaveLength(PURCHASES);
      expect(mine.filter((p) => p.invoice !== null)).toHaveLength(6);
      return mine.length;
    });
  });

  for (const batch of [1, 2]) {
    it(`POST /api/logistics/invoices: ${BATCH} parcels at once, batch ${batch}`, async () => {
      const ids = toInvoice.slice((batch - 1) * BATCH, batch * BATCH);
      expect(ids).toHaveLength(BATCH);
      const rssBefore = process.memoryUsage().rss;
      const run = await measured(() => createInvoices(ctx.app, ctx.logistician, ids));
      expect(run.result.statusCode, run.result.body.slice(0, 300)).toBe(201);
      const created = run.result.json<{ invoices: DeliveryInvoice[] }>().invoices;
      expect(created).toHaveLength(BATCH);
      expect(new Set(created.map((i) => i.parcelId))).toEqual(new Set(ids));
      const [live] = await ctx.database.db
        .select({ n: count() })
        .from(deliveryInvoices)
        .where(and(inArray(deliveryInvoices.parcelId, ids), eq(deliveryInvoices.status, 'unpaid')));
      expect(Number(live!.n)).toBe(BATCH);
      invoiceTable.push({
        batch,
        database,
        parcels: BATCH,
        'wall, ms': Math.round(run.ms),
        'per parcel, ms': (run.ms / BATCH).toFixed(1),
        'answer, KiB': (Buffer.byteLength(run.result.body) / 1024).toFixed(0),
        'RSS before → peak, MiB': `${mib(rssBefore)} → ${mib(run.peakRss)}`,
      });
    });
  }
});
