import { endpoints, type PriceList, type PriceListImportResult, type PriceListVersion } from '@vmeste/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceListVersions } from '../../src/areas/delivery/delivery.schema.js';
import { createXlsxWriter } from '../../src/shared/xlsx-stream.js';
import { expectError } from '../fixtures/api-assertions.js';
import { multipart, call, callUnchecked } from '../fixtures/requests.js';
import {
  BOXBERRY_0_1000,
  BOXBERRY_1001_3000,
  createDeliveryApp,
  type DeliveryContext,
  invoiceOk,
  logisticsParcel,
  moscowDate,
  packedParcel,
} from './delivery-kit.js';

/**
 * The price list: versions by the date they apply from, bands that never overlap, a weight priced by
 * the band that holds it (edges included), and the XLSX a logistician downloads, edits and uploads.
 */

let ctx: DeliveryContext;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  ctx = await createDeliveryApp();
});
afterAll(() => ctx.close());

const save = (body: Record<string, unknown>) =>
  callUnchecked(ctx.app, endpoints.delivery.savePriceList, { headers: ctx.logistician, body: body });

async function priceList(): Promise<PriceList> {
  const res = await call(ctx.app, endpoints.delivery.priceList, { headers: ctx.logistician });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PriceList>();
}

async function versionsCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(priceListVersions);
  return Number(row!.n);
}

function importFile(content: Buffer, query: Record<string, string>) {
  const form = multipart('file', content, 'Прайс-лист.xlsx', XLSX);
  return callUnchecked(ctx.app, endpoints.delivery.importPriceList, { query, headers: ctx.logistician, form });
}

async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const writer = createXlsxWriter('Прайс-лист', [
    { header: 'Способ доставки', width: 28 },
    { header: 'Вес от, г', width: 12 },
    { header: 'Вес до, г', width: 12 },
    { header: 'Цена, ₽', width: 12 },
  ]);
  const chunks: Buffer[] = [];
  writer.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => writer.stream.on('end', resolve));
  for (const row of rows) writer.addRow(row);
  writer.end();
  await done;
  return Buffer.concat(chunks);
}

describe('saving a version', () => {
  it('overlapping bands of one kind: 400 naming them, nothing saved', async () => {
    const before = await versionsCount();
    expectError(
      await save({
        appliesFrom: moscowDate(30),
        tariffs: [
          { kind: 'boxberry', fromGrams: 0, toGrams: 1000, priceKopecks: 30_000 },
          { kind: 'boxberry', fromGrams: 1000, toGrams: 2000, priceKopecks: 40_000 },
        ],
      }),
      400,
      { field: 'tariffs', message: '«Пункт выдачи Boxberry»: диапазоны 0–1000 г и 1000–2000 г пересекаются' },
    );
    expect(await versionsCount()).toBe(before);
  });

  it('the same band for two kinds does not overlap', async () => {
    const res = await save({
      appliesFrom: moscowDate(40),
      tariffs: [
        { kind: 'boxberry', fromGrams: 0, toGrams: 1000, priceKopecks: 30_000 },
        { kind: 'courier', fromGrams: 0, toGrams: 1000, priceKopecks: 40_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<PriceListVersion>()).toMatchObject({ appliesFrom: moscowDate(40), createdByName: expect.any(String) });
  });

  it('a date in the past: 400 on appliesFrom, nothing saved', async () => {
    const before = await versionsCount();
    expectError(
      await save({ appliesFrom: moscowDate(-1), tariffs: [{ kind: 'boxberry', fromGrams: 0, toGrams: 1000, priceKopecks: 1 }] }),
      400,
      { field: 'appliesFrom', message: /сегодня или позже/ },
    );
    expect(await versionsCount()).toBe(before);
  });

  it('«до» less than «от»: 400', async () => {
    expectError(
      await save({ appliesFrom: moscowDate(30), tariffs: [{ kind: 'boxberry', fromGrams: 500, toGrams: 100, priceKopecks: 1 }] }),
      400,
      { message: 'Вес «до» меньше веса «от»' },
    );
  });
});

describe('pricing an invoice', () => {
  it('1000 g is priced by the 0–1000 g band, 1001 g by the next one', async () => {
    const light = await packedParcel(ctx, { weightGrams: 1000 });
    const heavy = await packedParcel(ctx, { weightGrams: 1001 });
    expect(light.parcel.deliveryKind).toBe('boxberry');
    expect((await logisticsParcel(ctx, light.parcel.id)).quotedPriceKopecks).toBe(BOXBERRY_0_1000);
    expect((await logisticsParcel(ctx, heavy.parcel.id)).quotedPriceKopecks).toBe(BOXBERRY_1001_3000);
    expect(await invoiceOk(ctx, light.parcel.id)).toMatchObject({ priceKopecks: BOXBERRY_0_1000, listPriceKopecks: BOXBERRY_0_1000 });
    expect(await invoiceOk(ctx, heavy.parcel.id)).toMatchObject({ priceKopecks: BOXBERRY_1001_3000, listPriceKopecks: BOXBERRY_1001_3000 });
  });

  it('a version saved for tomorrow waits: today’s invoices use the version in force', async () => {
    const tomorrow = moscowDate(1);
    const res = await save({ appliesFrom: tomorrow, tariffs: [{ kind: 'boxberry', fromGrams: 0, toGrams: 31_000, priceKopecks: 99_900 }] });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<PriceListVersion>();
    const list = await priceList();
    expect(list.current?.appliesFrom).toBe(moscowDate(0));
    expect(list.current?.id).not.toBe(saved.id);
    expect(list.upcoming.map((v) => v.id)).toContain(saved.id);

    const { parcel } = await packedParcel(ctx, { weightGrams: 2500 });
    expect(await invoiceOk(ctx, parcel.id)).toMatchObject({ priceKopecks: BOXBERRY_1001_3000 });
  });

  it('a version saved for today replaces the current one at once (own app)', async () => {
    const other = await createDeliveryApp();
    try {
      const res = await call(other.app, endpoints.delivery.savePriceList, {
        headers: other.logistician,
        body: { appliesFrom: moscowDate(0), tariffs: [{ kind: 'boxberry', fromGrams: 0, toGrams: 31_000, priceKopecks: 12_300 }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { parcel } = await packedParcel(other, { weightGrams: 1000 });
      expect(await invoiceOk(other, parcel.id)).toMatchObject({ priceKopecks: 12_300 });
    } finally {
      await other.close();
    }
  });
});

describe('XLSX export and import', () => {
  it('export, then import as a dry run (nothing written) and for real: the same tariffs', async () => {
    const current = (await priceList()).current!;
    const exported = await call(ctx.app, endpoints.delivery.exportPriceList, { headers: ctx.logistician });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe(XLSX);
    const file = exported.rawPayload;
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');

    const before = await versionsCount();
    const dry = await importFile(file, { appliesFrom: moscowDate(20), dryRun: 'true' });
    expect(dry.statusCode, dry.body).toBe(200);
    const dryResult = dry.json<PriceListImportResult>();
    expect(dryResult).toMatchObject({ isDryRun: true, version: null });
    expect(dryResult.tariffs).toEqual(current.tariffs);
    expect(await versionsCount()).toBe(before);

    const real = await importFile(file, { appliesFrom: moscowDate(20) });
    expect(real.statusCode, real.body).toBe(200);
    const result = real.json<PriceListImportResult>();
    expect(result.isDryRun).toBe(false);
    expect(result.version).toMatchObject({ appliesFrom: moscowDate(20), tariffs: current.tariffs });
    expect(await versionsCount()).toBe(before + 1);
    expect((await priceList()).upcoming.map((v) => v.id)).toContain(result.version!.id);
  });

  it('a bad row: 400 naming the row, nothing written (dry run or not)', async () => {
    const file = await xlsxOf([
      ['Пункт выдачи Boxberry', 0, 1000, 300],
      ['Пункт выдачи Boxberry', 1001, 3000, 'дорого'],
    ]);
    const before = await versionsCount();
    for (const dryRun of ['true', 'false']) {
      expectError(await importFile(file, { appliesFrom: moscowDate(25), dryRun }), 400, {
        field: 'file',
        message: 'Строка 3: цена — ожидается сумма в рублях, например 350 или 349,90',
      });
    }
    expect(await versionsCount()).toBe(before);
  });

  it('an unknown kind names its row too', async () => {
    const file = await xlsxOf([['Почта России', 0, 1000, 300]]);
    expectError(await importFile(file, { appliesFrom: moscowDate(25) }), 400, { message: /^Строка 2: способ доставки не из списка/ });
  });

  it('overlapping bands in the file: 400', async () => {
    const file = await xlsxOf([
      ['Курьер Boxberry', 0, 1000, 300],
      ['Курьер Boxberry', 900, 2000, 400],
    ]);
    const before = await versionsCount();
    expectError(await importFile(file, { appliesFrom: moscowDate(25) }), 400, { message: /пересекаются/ });
    expect(await versionsCount()).toBe(before);
  });

  it('a good file with a past date: 400, nothing written', async () => {
    const file = await xlsxOf([['Курьер Boxberry', 0, 1000, 300]]);
    const before = await versionsCount();
    expectError(await importFile(file, { appliesFrom: moscowDate(-3) }), 400, { field: 'appliesFrom' });
    expect(await versionsCount()).toBe(before);
  });
});
