import { type BonusUpload, type BonusUploadDetails, type BonusUploadPreview, type BonusUploadResult, endpoints } from '@vmeste/contract';
import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusEntries, bonusUploads } from '../../src/tables.js';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { encodeWindows1251 } from '../fixtures/purchases-kit.js';
import { type Headers, multipart, call } from '../fixtures/requests.js';
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
    const res = await call(ctx.app, endpoints.bonus.previewUpload, { headers: anna.headers, form: body });
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

    const details = await call(ctx.app, endpoints.bonus.upload, { params: { id: result.upload.id }, headers: admin });
    expect(details.statusCode, details.body).toBe(200);
    const shownDetails = details.json<BonusUploadDetails>();
    expect(shownDetails.entries.map((e) => [e.phone, e.amountKopecks, e.comment]).sort()).toEqual(
      [
        [anna.phone, 30_000, 'Акция'],
        [anna.phone, 1_234, 'Ещё акция'],
        [boris.phone, -4_000, 'Списание'],
      ].sort(),
    );
    expect(shownDetails.entries[0]!.description).toMatch(new RegExp(`по таблице № ${result.upload.number}$`));

    const download = await call(ctx.app, endpoints.bonus.uploadFile, { params: { id: result.upload.id }, headers: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(XLSX);
    expect(download.rawPayload.equals(file)).toBe(true);
  });

  it('a Windows-1251 CSV is kept byte for byte', async () => {
    const csv = encodeWindows1251(`Телефон;Сумма;Комментарий\r\n${anna.phone};1;Ёлка\r\n`);
    const res = await apply(csv, 'ёлка.csv');
    expect(res.statusCode, res.body).toBe(200);
    const { upload } = res.json<BonusUploadResult>();
    const download = await call(ctx.app, endpoints.bonus.uploadFile, { params: { id: upload.id }, headers: admin });
    expect(download.rawPayload.equals(csv)).toBe(true);
    const details = (await call(ctx.app, endpoints.bonus.upload, { params: { id: upload.id }, headers: admin })).json<BonusUploadDetails>();
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
    const res = await call(ctx.app, endpoints.bonus.uploads, { query: { pageSize: '100' }, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: BonusUpload[]; total: number }>();
    expect(page.total).toBe(3);
    expect(page.items.map((u) => u.fileName)).toEqual(['начисления.csv', 'ёлка.csv', 'акция.xlsx']);
    expect(page.items.map((u) => u.number)).toEqual([...page.items.map((u) => u.number)].sort((a, b) => b - a));
    const missing = '00000000-0000-4000-8000-000000000000';
    expectError(await call(ctx.app, endpoints.bonus.upload, { params: { id: missing }, headers: admin }), 404);
    expectError(await call(ctx.app, endpoints.bonus.uploadFile, { params: { id: missing }, headers: admin }), 404);
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });
});

describe('the same rows are the same table, whatever the file', () => {
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

  it('CRLF, a trailing newline, another order, another header, other spellings or XLSX are recognised as applied', async () => {
    const first = Buffer.from([`${anna.phone};70;Возврат за доставку`, `${boris.phone};-1,5;Поправка`].join('\n'));
    const applied = await apply(first, 'доставка.csv');
    expect(applied.statusCode, applied.body).toBe(200);
    const { upload } = applied.json<BonusUploadResult>();
    const before = await counts();
    const balances = [await balanceOf(ctx.app, anna.headers), await balanceOf(ctx.app, boris.headers)];

    const sameRows: [string, Buffer, string?][] = [
      ['CRLF', Buffer.from(`${anna.phone};70;Возврат за доставку\r\n${boris.phone};-1,5;Поправка`), undefined],
      ['a trailing newline', Buffer.from(`${anna.phone};70;Возврат за доставку\n${boris.phone};-1,5;Поправка\n\n`), undefined],
      ['CRLF and a trailing CRLF', Buffer.from(`${anna.phone};70;Возврат за доставку\r\n${boris.phone};-1,5;Поправка\r\n`), undefined],
      ['the rows swapped', Buffer.from(`${boris.phone};-1,5;Поправка\n${anna.phone};70;Возврат за доставку`), undefined],
      [
        'a header, other phone and amount spellings, spaces around the comment',
        encodeWindows1251(
          `Телефон;Сумма;Комментарий\r\n8${anna.phone.slice(1)};70,00; Возврат за доставку \r\n+${boris.phone};-1,50;Поправка`,
        ),
        undefined,
      ],
      [
        'XLSX with the columns in another order',
        await xlsxOf([
          ['Сумма', 'Комментарий', 'Телефон'],
          [70, 'Возврат за доставку', anna.phone],
          [-1.5, 'Поправка', boris.phone],
        ]),
        XLSX,
      ],
    ];
    for (const [what, file, type] of sameRows) {
      const name = type ? 'доставка.xlsx' : 'доставка.csv';
      const shown = (await preview(file, name, type)).json<BonusUploadPreview>();
      expect(shown.alreadyApplied, what).toMatchObject({ id: upload.id });
      const again = await apply(file, name, type);
      expect(again.statusCode, `${what}: ${again.body}`).toBe(200);
      expect(again.json<BonusUploadResult>(), what).toMatchObject({ isRepeat: true, upload: { id: upload.id } });
    }
    expect(await counts()).toEqual(before);
    expect([await balanceOf(ctx.app, anna.headers), await balanceOf(ctx.app, boris.headers)]).toEqual(balances);

    // The first file is what the history keeps: a repeat in another format overwrote nothing.
    const download = await call(ctx.app, endpoints.bonus.uploadFile, { params: { id: upload.id }, headers: admin });
    expect(download.rawPayload.equals(first)).toBe(true);

    // Another amount or comment is another table.
    const other = await preview(Buffer.from(`${anna.phone};70;Возврат за доставку, вторая часть\n${boris.phone};-1,5;Поправка`));
    expect(other.json<BonusUploadPreview>().alreadyApplied).toBeNull();
  });

  it('an upload stored with its file’s hash (before the rows’ digest) is still recognised', async () => {
    const file = Buffer.from(`${anna.phone};3;Старая загрузка\n`);
    const [old] = await ctx.database.db
      .insert(bonusUploads)
      .values({
        sha256: sha256(file),
        fileName: 'старая.csv',
        fileKey: `bonus-uploads/${sha256(file)}`,
        rowsCount: 1,
        creditKopecks: 300,
        debitKopecks: 0,
      })
      .returning();
    expect((await preview(file)).json<BonusUploadPreview>().alreadyApplied).toMatchObject({ id: old!.id });
    expect((await apply(file)).json<BonusUploadResult>()).toMatchObject({ isRepeat: true, upload: { id: old!.id } });
  });

  it('rows repeated inside one file are flagged in the preview and the file is refused until they are removed', async () => {
    const file = Buffer.from(
      [
        'Телефон;Сумма;Комментарий',
        `${anna.phone};25;Конкурс`,
        `${boris.phone};25;Конкурс`,
        `+${anna.phone};25,00; Конкурс`,
        `${anna.phone};25;Конкурс, второе место`,
        `${anna.phone};26;Конкурс`,
        `${anna.phone};25;Конкурс`,
      ].join('\r\n'),
    );
    const res = await preview(file);
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json<BonusUploadPreview>();
    expect(shown).toMatchObject({ validCount: 4, errorCount: 2, duplicateCount: 2, creditKopecks: 10_100, alreadyApplied: null });
    expect(shown.rows.map((r) => [r.line, r.duplicateOf])).toEqual([
      [2, null],
      [3, null],
      [4, 2],
      [5, null],
      [6, null],
      [7, 2],
    ]);
    expect(shown.rows[2]!.error).toBe('Повторяет строку 2: тот же телефон, сумма и комментарий — удалите повтор или измените комментарий');

    const before = await counts();
    expectError(await apply(file), 400, {
      field: 'file',
      message: /^В таблице есть ошибки, ничего не начислено: строка 4 — Повторяет строку 2: .*; строка 7 — Повторяет строку 2: /,
    });
    expect(await counts()).toEqual(before);

    // With the repeats removed the same file applies, each remaining row once.
    const fixed = Buffer.from(
      file
        .toString()
        .split('\r\n')
        .slice(0, 6)
        .filter((_, i) => i !== 3)
        .join('\r\n'),
    );
    const applied = await apply(fixed);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<BonusUploadResult>()).toMatchObject({ isRepeat: false, upload: { rowsCount: 4, creditKopecks: 10_100 } });
    expect(await counts()).toEqual({ entries: before.entries + 4, uploads: before.uploads + 1 });
  });
});
