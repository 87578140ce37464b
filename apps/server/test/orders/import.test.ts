import { endpoints } from '@vmeste/contract';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { type Headers, multipart, NIL_UUID, call, callUnchecked } from '../fixtures/requests.js';
import {
  countOrderRows,
  createPurchase,
  csvOf,
  encodeWindows1251,
  IMPORT_HEADER,
  importFile,
  type ImportResultJson,
  listOrdersOf,
  type PurchaseJson,
  walkTo,
} from '../fixtures/purchases-kit.js';

let ctx: TestContext;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

const NEEDED = 'Нужны столбцы: Телефон, ФИО, Товар, Артикул, Параметры, Количество, Цена';

async function openPurchase(body: Record<string, unknown> = {}): Promise<PurchaseJson> {
  const purchase = await createPurchase(ctx.app, admin, { title: 'Импорт', ...body });
  await walkTo(ctx.app, admin, purchase.id, 'open');
  return purchase;
}

async function xlsxOf(rows: (string | number | null)[][], sheetName = 'Заказы'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Fee 12.5 %: Maria's goods 100.04 ₽ make a fee of 12.505 ₽ and the hat buyer's 100.20 ₽ make 12.525 ₽;
 * half-up gives 12.51 and 12.53 where half-to-even would give 12.50 and 12.52.
 */
const FEE = 12.5;
const basicRows = [
  IMPORT_HEADER,
  ['+7 (900) 000-00-04', 'Иванова Мария', 'Платье', 'A-1', '110 см', '2', '25,01'],
  ['89001112233', 'Пётр Сидоров', 'Шапка', 'Ш-7', '', '4', '25,05'],
  ['79000000004', '', 'Носки', '', 'синие', '1', '50,02 ₽'],
  ['9000000005', 'Соколов П.', 'Варежки', '', '', '3', '1 000'],
];
const expectedOrders = {
  '79000000004': {
    clientName: 'Иванова Мария',
    accountName: 'Мария Иванова',
    linesCount: 2,
    goodsKopecks: 10004,
    organizerFeeKopecks: 1251,
    totalKopecks: 11255,
  },
  '79001112233': {
    clientName: 'Пётр Сидоров',
    accountName: null,
    linesCount: 1,
    goodsKopecks: 10020,
    organizerFeeKopecks: 1253,
    totalKopecks: 11273,
  },
  '79000000005': {
    clientName: 'Соколов П.',
    accountName: 'Павел Соколов',
    linesCount: 1,
    goodsKopecks: 300000,
    organizerFeeKopecks: 37500,
    totalKopecks: 337500,
  },
};

function expectBasicPreview(result: ImportResultJson, isApplied: boolean) {
  expect(result).toMatchObject({ isApplied, rowsCount: 4, errorsCount: 0, goodsKopecks: 320024, totalKopecks: 360028 });
  expect(result.rows).toEqual([
    {
      rowNumber: 2,
      phone: '79000000004',
      clientName: 'Иванова Мария',
      product: 'Платье',
      article: 'A-1',
      options: '110 см',
      quantity: 2,
      unitPriceKopecks: 2501,
      totalKopecks: 5002,
      accountName: 'Мария Иванова',
      errors: [],
    },
    {
      rowNumber: 3,
      phone: '79001112233',
      clientName: 'Пётр Сидоров',
      product: 'Шапка',
      article: 'Ш-7',
      options: '',
      quantity: 4,
      unitPriceKopecks: 2505,
      totalKopecks: 10020,
      accountName: null,
      errors: [],
    },
    {
      rowNumber: 4,
      phone: '79000000004',
      clientName: '',
      product: 'Носки',
      article: '',
      options: 'синие',
      quantity: 1,
      unitPriceKopecks: 5002,
      totalKopecks: 5002,
      accountName: 'Мария Иванова',
      errors: [],
    },
    {
      rowNumber: 5,
      phone: '79000000005',
      clientName: 'Соколов П.',
      product: 'Варежки',
      article: '',
      options: '',
      quantity: 3,
      unitPriceKopecks: 100000,
      totalKopecks: 300000,
      accountName: 'Павел Соколов',
      errors: [],
    },
  ]);
  expect(Object.fromEntries(result.orders.map(({ phone, ...rest }) => [phone, rest]))).toEqual(expectedOrders);
}

describe('CSV in UTF-8 with semicolons', () => {
  it('previews without writing, then applies with half-up totals', async () => {
    const purchase = await openPurchase({ organizerFeePercent: FEE });
    const before = await countOrderRows(ctx);
    const csv = csvOf(basicRows);

    const preview = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expectBasicPreview(preview.json<ImportResultJson>(), false);
    expect(await countOrderRows(ctx)).toEqual(before);
    expect(await listOrdersOf(ctx.app, admin, purchase.id)).toEqual([]);

    const applied = await importFile(ctx.app, admin, purchase.id, csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expectBasicPreview(applied.json<ImportResultJson>(), true);
    expect(await countOrderRows(ctx)).toEqual({ orders: before.orders + 3, lines: before.lines + 4 });

    const orders = await listOrdersOf(ctx.app, admin, purchase.id);
    const byPhone = Object.fromEntries(orders.map((o) => [o.phone, o]));
    expect(Object.keys(byPhone).sort()).toEqual(['79000000004', '79000000005', '79001112233']);
    for (const [phone, summary] of Object.entries(expectedOrders)) {
      expect(byPhone[phone]).toMatchObject({
        clientName: summary.clientName,
        goodsKopecks: summary.goodsKopecks,
        organizerFeePercent: FEE,
        organizerFeeKopecks: summary.organizerFeeKopecks,
        totalKopecks: summary.totalKopecks,
        paidKopecks: 0,
        dueKopecks: summary.totalKopecks,
        paymentState: 'unpaid',
        isCanceled: false,
        fulfilmentStatus: 'awaiting_goods',
        purchase: { id: purchase.id, title: 'Импорт', status: 'open', paymentDeadline: null },
      });
    }
    // Only a confirmed account gets the order at once.
    expect(byPhone['79000000004']!.hasAccount).toBe(true);
    expect(byPhone['79000000005']!.hasAccount).toBe(false);
    expect(byPhone['79001112233']!.hasAccount).toBe(false);
    expect(
      byPhone['79000000004']!.lines.map((l) => [l.product, l.article, l.options, l.quantity, l.unitPriceKopecks, l.totalKopecks]).sort(),
    ).toEqual([
      ['Носки', '', 'синие', 1, 5002, 5002],
      ['Платье', 'A-1', '110 см', 2, 2501, 5002],
    ]);
    expect((await call(ctx.app, endpoints.purchases.get, { params: { id: purchase.id }, headers: admin })).json()).toMatchObject({
      ordersCount: 3,
      dueKopecks: 360028,
      paidKopecks: 0,
    });
  });

  it('reads a UTF-8 file with a byte order mark (Excel’s «CSV UTF-8»)', async () => {
    const purchase = await openPurchase({ organizerFeePercent: FEE });
    const res = await importFile(
      ctx.app,
      admin,
      purchase.id,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvOf(basicRows))]),
      {
        dryRun: true,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expectBasicPreview(res.json<ImportResultJson>(), false);
  });
});

describe('other formats', () => {
  it('CSV with commas, money in quotes', async () => {
    const purchase = await openPurchase({ organizerFeePercent: FEE });
    const csv = [
      'Телефон,ФИО,Товар,Артикул,Параметры,Количество,Цена',
      '"+7 (900) 000-00-04","Иванова Мария","Платье","A-1","110 см",2,"25,01"',
      '89001112233,"Пётр Сидоров","Шапка","Ш-7",,4,"25,05"',
      '79000000004,,"Носки",,"синие",1,"50,02 ₽"',
      '9000000005,"Соколов П.","Варежки",,,3,"1 000"',
    ].join('\n');
    const preview = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expectBasicPreview(preview.json<ImportResultJson>(), false);
    const applied = await importFile(ctx.app, admin, purchase.id, csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await listOrdersOf(ctx.app, admin, purchase.id)).map((o) => o.totalKopecks).sort()).toEqual([11255, 11273, 337500]);
  });

  it('CSV in Windows-1251', async () => {
    const purchase = await openPurchase({ organizerFeePercent: FEE });
    // Windows-1251 has no «₽»: the price is written without it.
    const rows = basicRows.map((r) => r.map((cell) => cell.replace(' ₽', '')));
    const text = csvOf([...rows, ['79005554433', 'Ёлкина Алёна', 'Шапка-ушанка ЁЖ', '', 'серая', '1', '999,99']]);
    const bytes = encodeWindows1251(text);
    // The bytes really are not UTF-8, so the server has to guess the encoding.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(bytes.includes(Buffer.from([0xa8]))).toBe(true);

    const preview = await importFile(ctx.app, admin, purchase.id, bytes, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json<ImportResultJson>();
    expect(result).toMatchObject({ rowsCount: 5, errorsCount: 0 });
    expect(result.rows[4]).toMatchObject({
      clientName: 'Ёлкина Алёна',
      product: 'Шапка-ушанка ЁЖ',
      options: 'серая',
      unitPriceKopecks: 99999,
    });
    expect(result.rows[1]).toMatchObject({ clientName: 'Пётр Сидоров', product: 'Шапка', article: 'Ш-7' });

    expect((await importFile(ctx.app, admin, purchase.id, bytes)).statusCode).toBe(200);
    const elkina = (await listOrdersOf(ctx.app, admin, purchase.id)).find((o) => o.phone === '79005554433');
    expect(elkina).toMatchObject({ clientName: 'Ёлкина Алёна', goodsKopecks: 99999, organizerFeeKopecks: 12500, totalKopecks: 112499 });
    expect(elkina!.lines[0]).toMatchObject({ product: 'Шапка-ушанка ЁЖ', options: 'серая' });
  });

  it('XLSX built with exceljs, numbers as numbers', async () => {
    const purchase = await openPurchase({ organizerFeePercent: FEE });
    const file = await xlsxOf([
      IMPORT_HEADER,
      ['+7 (900) 000-00-04', 'Иванова Мария', 'Платье', 'A-1', '110 см', 2, 25.01],
      [89001112233, 'Пётр Сидоров', 'Шапка', 'Ш-7', null, 4, '25,05'],
      [79000000004, null, 'Носки', null, 'синие', 1, 50.02],
      ['9000000005', 'Соколов П.', 'Варежки', null, null, 3, 1000],
    ]);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const preview = await importFile(ctx.app, admin, purchase.id, file, { dryRun: true, filename: 'orders.xlsx' });
    expect(preview.statusCode, preview.body).toBe(200);
    expectBasicPreview(preview.json<ImportResultJson>(), false);
    const applied = await importFile(ctx.app, admin, purchase.id, file, { filename: 'orders.xlsx' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await listOrdersOf(ctx.app, admin, purchase.id)).map((o) => o.totalKopecks).sort()).toEqual([11255, 11273, 337500]);
  });

  it('XLSX prices computed by formulas are read to the kopeck', async () => {
    const purchase = await openPurchase();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Заказы');
    sheet.addRow(IMPORT_HEADER);
    sheet.addRow(['79001112234', '', 'Шарф', '', '', 1, 0.1 + 0.2]);
    sheet.addRow(['79001112234', '', 'Шапка', '', '', { formula: '1+1', result: 2 }, { formula: '1.1*3', result: 1.1 * 3 }]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const res = await importFile(ctx.app, admin, purchase.id, file, { dryRun: true, filename: 'orders.xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResultJson>().rows.map((r) => [r.errors, r.quantity, r.unitPriceKopecks])).toEqual([
      [[], 1, 30],
      [[], 2, 330],
    ]);
  });

  it('XLSX row numbers are the sheet’s, empty rows included', async () => {
    const purchase = await openPurchase();
    const file = await xlsxOf([
      IMPORT_HEADER,
      ['79000000004', 'Мария', 'Платье', '', '', 1, 100],
      [],
      [],
      ['79000000004', 'Мария', 'Шарф', '', '', 0, 100],
    ]);
    const res = await importFile(ctx.app, admin, purchase.id, file, { dryRun: true, filename: 'orders.xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ImportResultJson>();
    expect(result.rows.map((r) => r.rowNumber)).toEqual([2, 5]);
    expect(result.rows[1]!.errors).toEqual(['количество — не целое положительное число']);
  });

  it('columns in another order, another case, with stray spaces, colons and extra columns', async () => {
    const purchase = await openPurchase({ organizerFeePercent: FEE });
    const csv = csvOf([
      ['  цена ', 'КОЛИЧЕСТВО', 'Комментарий', 'товар', 'Параметры:', 'ТЕЛЕФОН', 'фио', 'артикул*'],
      ['25,01', '2', 'позвонить вечером', 'Платье', '110 см', '+7 (900) 000-00-04', 'Иванова Мария', 'A-1'],
      ['25,05', '4', '', 'Шапка', '', '89001112233', 'Пётр Сидоров', 'Ш-7'],
      ['50,02 ₽', '1', '', 'Носки', 'синие', '79000000004', '', ''],
      ['1 000', '3', '', 'Варежки', '', '9000000005', 'Соколов П.', ''],
    ]);
    const res = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expectBasicPreview(res.json<ImportResultJson>(), false);

    // Only the four required columns: the rest are empty.
    const minimal = csvOf([
      ['Количество', 'Телефон', 'Цена', 'Товар'],
      ['1', '79001234567', '10', 'Книга'],
    ]);
    const min = await importFile(ctx.app, admin, purchase.id, minimal, { dryRun: true });
    expect(min.statusCode, min.body).toBe(200);
    expect(min.json<ImportResultJson>().rows).toEqual([
      {
        rowNumber: 2,
        phone: '79001234567',
        clientName: '',
        product: 'Книга',
        article: '',
        options: '',
        quantity: 1,
        unitPriceKopecks: 1000,
        totalKopecks: 1000,
        accountName: null,
        errors: [],
      },
    ]);
  });

  it('one client in several phone formats is one order; a line repeated in the file is a row error, not added up', async () => {
    const purchase = await openPurchase();
    const csv = csvOf([
      IMPORT_HEADER,
      ['+7 (901) 222-33-44', 'Олег', 'Мяч', '', '', '1', '300'],
      ['8 901 222 33 44', '', 'Мяч', '', 'красный', '2', '300'],
      ['9012223344', '', 'Мяч', '', '', '1', '350'],
      ['7-901-222-33-44', '', 'Кегли', '', '', '1', '100'],
    ]);
    const preview = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ImportResultJson>().rows.map((r) => r.errors)).toEqual([
      [],
      [],
      ['повторяет строку 2: тот же клиент, товар, артикул и параметры — оставьте одну строку'],
      [],
    ]);

    const fixed = csvOf([
      IMPORT_HEADER,
      ['+7 (901) 222-33-44', 'Олег', 'Мяч', '', '', '1', '300'],
      ['8 901 222 33 44', '', 'Мяч', '', 'красный', '2', '300'],
      ['7-901-222-33-44', '', 'Кегли', '', '', '1', '100'],
    ]);
    const res = await importFile(ctx.app, admin, purchase.id, fixed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResultJson>().orders).toEqual([
      {
        phone: '79012223344',
        clientName: 'Олег',
        accountName: null,
        linesCount: 3,
        goodsKopecks: 30000 + 60000 + 10000,
        organizerFeeKopecks: 0,
        totalKopecks: 100000,
      },
    ]);
    const [order] = await listOrdersOf(ctx.app, admin, purchase.id);
    expect(order!.lines.map((l) => [l.product, l.options, l.quantity, l.unitPriceKopecks]).sort()).toEqual([
      ['Кегли', '', 1, 10000],
      ['Мяч', '', 1, 30000],
      ['Мяч', 'красный', 2, 30000],
    ]);
  });
});

describe('files that cannot be read', () => {
  let purchase: PurchaseJson;
  let before: { orders: number; lines: number };
  beforeAll(async () => {
    purchase = await openPurchase();
  });

  async function expectRefused(content: Buffer | string, status: number, message: string | RegExp, filename = 'orders.csv') {
    before = await countOrderRows(ctx);
    for (const dryRun of [true, false]) {
      expectError(await importFile(ctx.app, admin, purchase.id, content, { dryRun, filename }), status, { field: 'file', message });
    }
    expect(await countOrderRows(ctx)).toEqual(before);
  }

  it('a missing required column → 400 naming it', async () => {
    const noPrice = csvOf([
      ['Телефон', 'ФИО', 'Товар', 'Артикул', 'Параметры', 'Количество'],
      ['79000000004', 'Мария', 'Платье', '', '', '1'],
    ]);
    await expectRefused(noPrice, 400, `В файле нет столбца «Цена». ${NEEDED}`);
    const twoMissing = csvOf([
      ['Телефон', 'Цена'],
      ['79000000004', '100'],
    ]);
    await expectRefused(twoMissing, 400, `В файле нет столбцов «Товар», «Количество». ${NEEDED}`);
    const noPhone = await xlsxOf([
      ['ФИО', 'Товар', 'Количество', 'Цена'],
      ['Мария', 'Платье', 1, 100],
    ]);
    await expectRefused(noPhone, 400, `В файле нет столбца «Телефон». ${NEEDED}`, 'orders.xlsx');
  });

  it('an empty file, a file of blank lines and headers without rows → 400', async () => {
    await expectRefused(Buffer.alloc(0), 400, 'Файл пустой');
    await expectRefused('\r\n\r\n;;;\r\n', 400, 'Файл пустой: в нём нет ни заголовков, ни строк');
    await expectRefused(csvOf([IMPORT_HEADER]), 400, 'В файле есть заголовки, но нет ни одной строки с заказами');
    await expectRefused(await xlsxOf([IMPORT_HEADER]), 400, 'В файле есть заголовки, но нет ни одной строки с заказами', 'orders.xlsx');
  });

  it('a picture or other binary file → 415; a broken XLSX → 400', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    await expectRefused(png, 415, 'Загрузите таблицу Excel (.xlsx) или CSV', 'orders.csv');
    await expectRefused(png, 415, 'Загрузите таблицу Excel (.xlsx) или CSV', 'orders.xlsx');
    const xlsx = await xlsxOf([IMPORT_HEADER, ['79000000004', 'Мария', 'Платье', '', '', 1, 100]]);
    await expectRefused(
      xlsx.subarray(0, Math.floor(xlsx.length / 2)),
      400,
      'Не удалось прочитать файл Excel: сохраните его как .xlsx или .csv',
      'orders.xlsx',
    );
  });

  it('not multipart, no file, over 10 MB → 4xx in Russian', async () => {
    before = await countOrderRows(ctx);
    expectError(
      await callUnchecked(ctx.app, endpoints.orders.import, { params: { id: purchase.id }, headers: admin, body: { file: 'x' } }),
      415,
      {
        field: 'file',
        message: 'Отправьте файл в поле file (multipart/form-data)',
      },
    );
    const fieldOnly = multipart('comment', 'без файла', null);
    expectError(await call(ctx.app, endpoints.orders.import, { params: { id: purchase.id }, headers: admin, form: fieldOnly }), 400, {
      field: 'file',
      message: 'Выберите файл',
    });
    const big = Buffer.from(csvOf([IMPORT_HEADER]) + '79000000004;Мария;Платье;;;1;100\r\n'.repeat(300_000));
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    expectError(await importFile(ctx.app, admin, purchase.id, big), 413, { field: 'file', message: 'Файл больше 10 мегабайт' });
    expect(await countOrderRows(ctx)).toEqual(before);
  });

  function importWithDryRun(value: string) {
    const body = multipart('file', csvOf([IMPORT_HEADER, ['79000000004', 'Мария', 'Платье', '', '', '1', '100']]), 'orders.csv');
    return callUnchecked(ctx.app, endpoints.orders.import, {
      params: { id: purchase.id },
      query: { dryRun: value },
      headers: admin,
      form: body,
    });
  }

  it('a bad dryRun value → 400 on field dryRun, nothing written', async () => {
    before = await countOrderRows(ctx);
    const res = await importWithDryRun('yes');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'dryRun' });
    expect(await countOrderRows(ctx)).toEqual(before);
  });

  // Regression: `dryRun: z.enum(['true', 'false'])` without a message answered zod's English
  // «Invalid option: expected one of "true"|"false"».
  it('a bad dryRun value is explained in Russian', async () => {
    expectError(await importWithDryRun('yes'), 400, { field: 'dryRun', message: 'dryRun — true (только предпросмотр) или false' });
  });

  it('an unknown purchase → 404, a malformed id → 400', async () => {
    const csv = csvOf([IMPORT_HEADER, ['79000000004', 'Мария', 'Платье', '', '', '1', '100']]);
    expectError(await importFile(ctx.app, admin, NIL_UUID, csv), 404, { message: 'Закупка не найдена' });
    expectError(await importFile(ctx.app, admin, 'xyz', csv), 400, { field: 'id', message: 'Закупка не найдена' });
  });
});

describe('rows with errors', () => {
  /** 50 rows of 10 clients; rows 8, 21 and 41 of the file are wrong. */
  function fiftyRows(): string[][] {
    const rows: string[][] = [IMPORT_HEADER];
    for (let i = 0; i < 50; i += 1) {
      const line = i + 2;
      const row = [`7902000000${i % 10}`, `Клиент ${i % 10}`, `Товар ${i}`, `T-${i}`, '', String((i % 3) + 1), `${100 + i},50`];
      if (line === 8) row[0] = '12345';
      if (line === 21) {
        row[5] = '0';
        row[6] = 'abc';
      }
      if (line === 41) {
        row[2] = '';
        row[5] = '1,5';
      }
      rows.push(row);
    }
    return rows;
  }

  const expectedMessage =
    'Ничего не записано: 3 строки с ошибками — ' +
    'строка 8: телефон указан неверно; ' +
    'строка 21: количество — не целое положительное число, цена — не денежная сумма; ' +
    'строка 41: не указан товар, количество — не целое положительное число';

  it('the preview answers 200 with each reason; applying answers 400 listing them and writes nothing', async () => {
    const purchase = await openPurchase({ organizerFeePercent: 10 });
    const csv = csvOf(fiftyRows());
    const before = await countOrderRows(ctx);

    const preview = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json<ImportResultJson>();
    expect(result).toMatchObject({ isApplied: false, rowsCount: 50, errorsCount: 3 });
    expect(result.rows.map((r) => r.rowNumber)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    const wrong = result.rows.filter((r) => r.errors.length > 0);
    expect(wrong).toEqual([
      expect.objectContaining({ rowNumber: 8, phone: null, accountName: null, errors: ['телефон указан неверно'] }),
      expect.objectContaining({
        rowNumber: 21,
        phone: '79020000009',
        quantity: null,
        unitPriceKopecks: null,
        totalKopecks: null,
        errors: ['количество — не целое положительное число', 'цена — не денежная сумма'],
      }),
      expect.objectContaining({
        rowNumber: 41,
        product: '',
        quantity: null,
        unitPriceKopecks: 13950,
        totalKopecks: null,
        errors: ['не указан товар', 'количество — не целое положительное число'],
      }),
    ]);
    // The summary counts only the 47 good rows.
    expect(result.orders.reduce((n, o) => n + o.linesCount, 0)).toBe(47);
    expect(result.orders).toHaveLength(10);
    expect(await countOrderRows(ctx)).toEqual(before);

    expectError(await importFile(ctx.app, admin, purchase.id, csv), 400, { field: 'file', message: expectedMessage });
    expect(await countOrderRows(ctx)).toEqual(before);
    expect(await listOrdersOf(ctx.app, admin, purchase.id)).toEqual([]);
  });

  it('every reason a row can be wrong', async () => {
    const purchase = await openPurchase();
    const csv = csvOf([
      IMPORT_HEADER,
      ['', 'Без телефона', 'Товар', '', '', '1', '10'],
      ['79000000004', '', 'Товар', '', '', '-1', '10'],
      ['79000000004', '', 'Товар', '', '', '10001', '10'],
      ['79000000004', '', 'Товар', '', '', '', '10'],
      ['79000000004', '', 'Товар', '', '', '1', '0'],
      ['79000000004', '', 'Товар', '', '', '1', '-5'],
      ['79000000004', '', 'Товар', '', '', '1', '10,555'],
      ['79000000004', '', 'Товар', '', '', '1', ''],
      ['+1 202 555 0100', '', 'Товар', '', '', '1', '10'],
      ['79000000004', '', 'Товар', '', '', '10000', '0,01'],
    ]);
    const res = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResultJson>().rows.map((r) => r.errors)).toEqual([
      ['не указан телефон'],
      ['количество — не целое положительное число'],
      ['количество — не больше 10\u00a0000'],
      ['количество — не целое положительное число'],
      ['цена — не денежная сумма'],
      ['цена — не денежная сумма'],
      ['цена — не денежная сумма'],
      ['цена — не денежная сумма'],
      ['телефон указан неверно'],
      [],
    ]);
  });

  it('a refusal lists the first twenty rows and counts the rest', async () => {
    const purchase = await openPurchase();
    const rows = [IMPORT_HEADER, ...Array.from({ length: 25 }, (_, i) => ['79000000004', '', `Товар ${i}`, '', '', '0', '10'])];
    const body = expectError(await importFile(ctx.app, admin, purchase.id, csvOf(rows)), 400, { field: 'file' });
    const listed = Array.from({ length: 20 }, (_, i) => `строка ${i + 2}: количество — не целое положительное число`).join('; ');
    expect(body.message).toBe(`Ничего не записано: 25 строк с ошибками — ${listed}; и ещё 5`);
  });

  // Regression: accounts were looked up only for the phones of valid rows, so a wrong row of a
  // registered phone showed accountName null in the preview.
  it('a wrong row of a registered phone still shows the account’s name', async () => {
    const purchase = await openPurchase();
    const csv = csvOf([IMPORT_HEADER, ['79000000004', '', 'Платье', '', '', '0', '100']]);
    const res = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResultJson>().rows[0]).toMatchObject({ phone: '79000000004', accountName: 'Мария Иванова' });
  });
});

describe('importing again', () => {
  it('does not duplicate lines and keeps order ids and numbers; a changed quantity replaces the old one', async () => {
    const purchase = await openPurchase({ organizerFeePercent: FEE });
    const csv = csvOf(basicRows);
    expect((await importFile(ctx.app, admin, purchase.id, csv)).statusCode).toBe(200);
    const first = await listOrdersOf(ctx.app, admin, purchase.id);
    const counts = await countOrderRows(ctx);

    const again = await importFile(ctx.app, admin, purchase.id, csv);
    expect(again.statusCode, again.body).toBe(200);
    expectBasicPreview(again.json<ImportResultJson>(), true);
    expect(await countOrderRows(ctx)).toEqual(counts);
    const second = await listOrdersOf(ctx.app, admin, purchase.id);
    const shape = (list: typeof first) =>
      list
        .map((o) => ({
          id: o.id,
          number: o.number,
          phone: o.phone,
          total: o.totalKopecks,
          lines: o.lines.map((l) => [l.id, l.product, l.quantity]).sort(),
        }))
        .sort((a, b) => a.number - b.number);
    expect(shape(second)).toEqual(shape(first));

    // Maria now wants three dresses: the same line takes the new quantity.
    const changed = csvOf(basicRows.map((r, i) => (i === 1 ? [r[0]!, r[1]!, r[2]!, r[3]!, r[4]!, '3', r[6]!] : r)));
    expect((await importFile(ctx.app, admin, purchase.id, changed)).statusCode).toBe(200);
    expect(await countOrderRows(ctx)).toEqual(counts);
    const maria = (await listOrdersOf(ctx.app, admin, purchase.id)).find((o) => o.phone === '79000000004')!;
    expect(maria.id).toBe(first.find((o) => o.phone === '79000000004')!.id);
    expect(maria.lines.find((l) => l.product === 'Платье')).toMatchObject({ quantity: 3, totalKopecks: 7503 });
    // 75.03 + 50.02 = 125.05 ₽; 12.5 % = 15.63125 ₽ → 15.63 ₽.
    expect(maria).toMatchObject({ goodsKopecks: 12505, organizerFeeKopecks: 1563, totalKopecks: 14068 });
  });

  it('keeps the name of the client when the new file has none', async () => {
    const purchase = await openPurchase();
    expect(
      (
        await importFile(
          ctx.app,
          admin,
          purchase.id,
          csvOf([IMPORT_HEADER, ['79003004050', 'Зоя Космодемьянская', 'Книга', '', '', '1', '10']]),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await importFile(ctx.app, admin, purchase.id, csvOf([IMPORT_HEADER, ['79003004050', '', 'Ручка', '', '', '1', '5']]))).statusCode,
    ).toBe(200);
    const [order] = await listOrdersOf(ctx.app, admin, purchase.id);
    expect(order).toMatchObject({ clientName: 'Зоя Космодемьянская', goodsKopecks: 1500 });
    expect(order!.lines).toHaveLength(2);
  });
});

describe('purchase status', () => {
  it('imports into a draft, open, stopped or payment purchase', async () => {
    const csv = csvOf([IMPORT_HEADER, ['79000000004', '', 'Платье', '', '', '1', '100']]);
    for (const status of ['draft', 'open', 'stopped', 'payment']) {
      const purchase = await createPurchase(ctx.app, admin, { title: `Импорт в ${status}` });
      await walkTo(ctx.app, admin, purchase.id, status);
      const res = await importFile(ctx.app, admin, purchase.id, csv);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
    }
  });

  it.each([
    ['ordered', 'Заказано'],
    ['completed', 'Завершена'],
    ['canceled', 'Отменена'],
  ])('refuses a purchase in status %s with 409, preview included', async (status, title) => {
    const purchase = await createPurchase(ctx.app, admin, { title: `Поздно ${status}` });
    await walkTo(ctx.app, admin, purchase.id, status);
    const csv = csvOf([IMPORT_HEADER, ['79000000004', '', 'Платье', '', '', '1', '100']]);
    const before = await countOrderRows(ctx);
    for (const dryRun of [true, false]) {
      expectError(await importFile(ctx.app, admin, purchase.id, csv, { dryRun }), 409, {
        message: `Закупка в статусе «${title}»: заказы в ней больше не меняются`,
      });
    }
    expect(await countOrderRows(ctx)).toEqual(before);
  });
});
