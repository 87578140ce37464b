import type { BonusUploadDetails, BonusUploadPreview, BonusUploadResult, BonusUpload } from '@vmeste/contract';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusEntries, bonusUploads } from '../../src/db/schema.js';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { encodeWindows1251 } from '../fixtures/purchases-kit.js';
import { type Headers, multipart } from '../fixtures/requests.js';
import { type Client, balanceOf, ledgerCheck, manualOk, newClient } from './bonus-kit.js';

/**
 * Accrual tables: CSV in Windows-1251 as Russian Excel saves it, and XLSX; every row checked in the
 * preview, applied all or nothing, each file once by its content, kept for the history and download.
 */

let ctx: TestContext;
let admin: Headers;
let anna: Client;
let boris: Client;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  anna = await newClient(ctx.app);
  boris = await newClient(ctx.app);
  await manualOk(ctx.app, admin, boris.phone, 10_000);
});
afterAll(() => ctx.close());

function send(url: string, content: Buffer, fileName: string, type = 'text/csv') {
  const body = multipart('file', content, fileName, type);
  return ctx.app.inject({ method: 'POST', url, headers: { ...admin, ...body.headers }, payload: body.payload });
}
const preview = (content: Buffer, fileName = 'начисления.csv', type?: string) =>
  send('/api/bonus/uploads/preview', content, fileName, type);
const apply = (content: Buffer, fileName = 'начисления.csv', type?: string) => send('/api/bonus/uploads', content, fileName, type);

async function counts() {
  const [e] = await ctx.database.db.select({ n: count() }).from(bonusEntries);
  const [u] = await ctx.database.db.select({ n: count() }).from(bonusUploads);
  return { entries: Number(e?.n), uploads: Number(u?.n) };
}

async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Начисления');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('preview', () => {
  it('reads a Windows-1251 CSV with a Russian header and shows every row’s error', async () => {
    const csv = encodeWindows1251(
      [
        'Телефон;Сумма;Комментарий',
        `+${anna.phone};150,50;Подарок`,
        '12345;100;Кривой телефон',
        '79990000011;100;Нет такого клиента',
        `${anna.phone};0;Ноль`,
        `${anna.phone};сто;Не число`,
        `${boris.phone};-200;Списание больше баланса`,
        `${demoPhones.storekeeper};100;Кладовщик`,
      ].join('\r\n'),
    );
    const res = await preview(csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BonusUploadPreview>();
    expect(body).toMatchObject({
      fileName: 'начисления.csv',
      validCount: 1,
      errorCount: 6,
      creditKopecks: 15_050,
      debitKopecks: 0,
      alreadyApplied: null,
    });
    expect(body.rows.map((r) => [r.line, r.phone, r.amountKopecks, r.comment, r.error === null])).toEqual([
      [2, anna.phone, 15_050, 'Подарок', true],
      [3, '12345', 10_000, 'Кривой телефон', false],
      [4, '79990000011', 10_000, 'Нет такого клиента', false],
      [5, anna.phone, 0, 'Ноль', false],
      [6, anna.phone, null, 'Не число', false],
      [7, boris.phone, -20_000, 'Списание больше баланса', false],
      [8, demoPhones.storekeeper, 10_000, 'Кладовщик', false],
    ]);
    expect(body.rows[0]!.clientName).toBeTruthy();
    expect(body.rows.map((r) => r.error)).toEqual([
      null,
      'Телефон не похож на российский номер',
      'Клиент с таким телефоном не найден',
      'Сумма не может быть нулевой',
      'Сумма не число: пишите 150 или 150,50, списание — со знаком минус',
      'Списание больше баланса клиента (100,00\u00a0₽)',
      'Клиент с таким телефоном не найден',
    ]);
  });

  it('an empty table and a table without rows are refused', async () => {
    expectError(await preview(Buffer.from('Телефон;Сумма;Комментарий\r\n')), 400, { field: 'file' });
  });

  it('is the admin’s only', async () => {
    const body = multipart('file', Buffer.from(`${anna.phone};1;x`), 'a.csv', 'text/csv');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bonus/uploads/preview',
      headers: { ...anna.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('apply', () => {
  it('refuses a file with errors and writes nothing', async () => {
    const before = await counts();
    const csv = encodeWindows1251([`${anna.phone};100;Хорошая строка`, `${boris.phone};-500;Слишком много`].join('\n'));
    expectError(await apply(csv), 400, {
      field: 'file',
      message: /^В таблице есть ошибки, ничего не начислено: строка 2 — Списание больше баланса/,
    });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(ctx.app, anna.headers)).toBe(0);
  });

  it('writes every row of an XLSX at once; the same file again changes nothing', async () => {
    const file = await xlsxOf([
      ['Комментарий', 'Телефон', 'Сумма бонусов'],
      ['Акция', anna.phone, 300],
      ['Ещё акция', anna.phone, '12,34'],
      ['Списание', boris.phone, -40],
    ]);
    const shown = await preview(file, 'акция.xlsx', XLSX);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<BonusUploadPreview>()).toMatchObject({ validCount: 3, errorCount: 0, creditKopecks: 31_234, debitKopecks: 4_000 });

    const before = await counts();
    const res = await apply(file, 'акция.xlsx', XLSX);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<BonusUploadResult>();
    expect(result.isRepeat).toBe(false);
    expect(result.upload).toMatchObject({
      fileName: 'акция.xlsx',
      rowsCount: 3,
      creditKopecks: 31_234,
      debitKopecks: 4_000,
      actorName: 'Анна Смирнова',
    });
    expect(await counts()).toEqual({ entries: before.entries + 3, uploads: before.uploads + 1 });
    expect(await balanceOf(ctx.app, anna.headers)).toBe(31_234);
    expect(await balanceOf(ctx.app, boris.headers)).toBe(6_000);

    const again = await apply(file, 'другое-имя.xlsx', XLSX);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<BonusUploadResult>()).toMatchObject({ isRepeat: true, upload: { id: result.upload.id } });
    expect(await counts()).toEqual({ entries: before.entries + 3, uploads: before.uploads + 1 });
    expect((await preview(file, 'акция.xlsx', XLSX)).json<BonusUploadPreview>().alreadyApplied).toMatchObject({ id: result.upload.id });

    const details = await ctx.app.inject({ method: 'GET', url: `/api/bonus/uploads/${result.upload.id}`, headers: admin });
    expect(details.statusCode, details.body).toBe(200);
    const shownDetails = details.json<BonusUploadDetails>();
    expect(shownDetails.entries.map((e) => [e.phone, e.amountKopecks, e.comment]).sort()).toEqual(
      [
        [anna.phone, 30_000, 'Акция'],
        [anna.phone, 1_234, 'Ещё акция'],
        [boris.phone, -4_000, 'Списание'],
      ].sort(),
    );
    expect(shownDetails.entries[0]!.description).toMatch(new RegExp(`по таблице №${result.upload.number}$`));

    const download = await ctx.app.inject({ method: 'GET', url: `/api/bonus/uploads/${result.upload.id}/file`, headers: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(XLSX);
    expect(download.rawPayload.equals(file)).toBe(true);
  });

  it('a Windows-1251 CSV is kept byte for byte', async () => {
    const csv = encodeWindows1251(`Телефон;Сумма;Комментарий\r\n${anna.phone};1;Ёлка\r\n`);
    const res = await apply(csv, 'ёлка.csv');
    expect(res.statusCode, res.body).toBe(200);
    const { upload } = res.json<BonusUploadResult>();
    const download = await ctx.app.inject({ method: 'GET', url: `/api/bonus/uploads/${upload.id}/file`, headers: admin });
    expect(download.rawPayload.equals(csv)).toBe(true);
    const details = (
      await ctx.app.inject({ method: 'GET', url: `/api/bonus/uploads/${upload.id}`, headers: admin })
    ).json<BonusUploadDetails>();
    expect(details.entries.map((e) => e.comment)).toEqual(['Ёлка']);
  });

  it('applies of one file at once write its rows once; each answers 200', async () => {
    const csv = Buffer.from(`${anna.phone};5;Одновременно\n${boris.phone};5;Одновременно\n`);
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 6 }, () => apply(csv)));
    expect(
      answers.map((r) => r.statusCode),
      answers.map((r) => r.body).join('\n'),
    ).toEqual([200, 200, 200, 200, 200, 200]);
    const results = answers.map((r) => r.json<BonusUploadResult>());
    expect(results.filter((r) => !r.isRepeat)).toHaveLength(1);
    expect(new Set(results.map((r) => r.upload.id)).size).toBe(1);
    expect(await counts()).toEqual({ entries: before.entries + 2, uploads: before.uploads + 1 });
  });

  it('history lists the uploads newest first; unknown ids are 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/bonus/uploads?pageSize=100', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: BonusUpload[]; total: number }>();
    expect(page.total).toBe(3);
    expect(page.items.map((u) => u.fileName)).toEqual(['начисления.csv', 'ёлка.csv', 'акция.xlsx']);
    expect(page.items.map((u) => u.number)).toEqual([...page.items.map((u) => u.number)].sort((a, b) => b - a));
    const missing = '00000000-0000-4000-8000-000000000000';
    expectError(await ctx.app.inject({ method: 'GET', url: `/api/bonus/uploads/${missing}`, headers: admin }), 404);
    expectError(await ctx.app.inject({ method: 'GET', url: `/api/bonus/uploads/${missing}/file`, headers: admin }), 404);
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });
});
