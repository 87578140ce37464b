import { once } from 'node:events';
import zlib from 'node:zlib';
import { IMPORT_MAX_ROWS } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import type { Headers } from '../fixtures/requests.js';
import { countOrderRows, createPurchase, csvOf, IMPORT_HEADER, importFile, walkTo } from '../fixtures/purchases-kit.js';

let ctx: TestContext;
let admin: Headers;
let purchaseId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  purchaseId = (await createPurchase(ctx.app, admin, { title: 'Бомба' })).id;
  await walkTo(ctx.app, admin, purchaseId, 'open');
});
afterAll(() => ctx.close());

type ZipPart = { name: string; data: Buffer; crc: number; size: number; declaredSize?: number };

/** A minimal zip writer: deflated parts, local headers, central directory (what an .xlsx is). */
function zipOf(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(part.crc, 16);
    header.writeUInt32LE(part.data.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    chunks.push(local, name, part.data);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

/** Deflates `repeat` copies of `chunk` as a stream, so the test itself never holds the unpacked sheet. */
async function deflatedPart(name: string, head: string, chunk: string, repeat: number, tail: string): Promise<ZipPart> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  let crc = 0;
  let size = 0;
  const write = async (text: string | Buffer) => {
    const data = typeof text === 'string' ? Buffer.from(text) : text;
    crc = zlib.crc32(data, crc);
    size += data.length;
    if (!deflate.write(data)) await once(deflate, 'drain');
  };
  await write(head);
  const block = Buffer.from(chunk.repeat(Math.max(1, Math.floor((1024 * 1024) / chunk.length))));
  const blocks = Math.ceil((chunk.length * repeat) / block.length);
  for (let i = 0; i < blocks; i += 1) await write(block);
  await write(tail);
  deflate.end();
  await once(deflate, 'end');
  return { name, data: Buffer.concat(out), crc: crc >>> 0, size };
}

const plainPart = (name: string, text: string): ZipPart => {
  const data = Buffer.from(text);
  return { name, data: zlib.deflateRawSync(data), crc: zlib.crc32(data) >>> 0, size: data.length };
};

async function bombXlsx(options: { declaredSheetSize?: number }): Promise<Buffer> {
  const sheet = await deflatedPart(
    'xl/worksheets/sheet1.xml',
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    '<row><c t="inlineStr"><is><t>x</t></is></c></row>',
    // About 700 MB unpacked, a few megabytes packed: the file of the report.
    14_000_000,
    '</sheetData></worksheet>',
  );
  if (options.declaredSheetSize !== undefined) sheet.declaredSize = options.declaredSheetSize;
  return zipOf([
    plainPart(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    plainPart(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Заказы" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    sheet,
  ]);
}

/** The largest resident memory seen while `work` runs, above what it was before. */
async function peakRssGrowth(work: () => Promise<void>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}

describe('spreadsheet limits of the orders import', () => {
  for (const [label, declaredSheetSize] of [
    ['declares its real unpacked size', undefined],
    ['lies about its unpacked size', 1024 * 1024],
  ] as const) {
    it(`refuses a zip bomb that ${label} with 413, writing nothing, in flat memory`, { timeout: 120_000 }, async () => {
      const bomb = await bombXlsx({ declaredSheetSize });
      expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
      const before = await countOrderRows(ctx);
      let status = 0;
      let body = '';
      const growth = await peakRssGrowth(async () => {
        for (const dryRun of [true, false]) {
          const res = await importFile(ctx.app, admin, purchaseId, bomb, { dryRun, filename: 'bomb.xlsx' });
          status = res.statusCode;
          body = res.body;
          expectError(res, 413, { message: /распаковки слишком большой/, field: 'file' });
        }
      });
      expect(status, body).toBe(413);
      console.info(
        `zip bomb (${label}): ${(bomb.length / 1024 / 1024).toFixed(1)} MB file, peak RSS growth ${(growth / 1024 / 1024).toFixed(0)} MB`,
      );
      expect(growth).toBeLessThan(150 * 1024 * 1024);
      expect(await countOrderRows(ctx)).toEqual(before);
    });
  }

  it(`refuses a file of more than ${IMPORT_MAX_ROWS} rows with 413 and a Russian message`, async () => {
    const row = ['79161234567', 'Клиент', 'Товар', '', '', '1', '10'];
    const csv = csvOf([IMPORT_HEADER, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => row)]);
    const res = await importFile(ctx.app, admin, purchaseId, csv, { dryRun: true });
    expectError(res, 413, { message: /больше 50\s000 строк: разбейте его на несколько файлов/, field: 'file' });
  });
});
