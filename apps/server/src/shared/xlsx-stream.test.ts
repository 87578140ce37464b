import { text } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetter, createXlsxWriter, excelSerialOf } from './xlsx-stream.js';

async function read(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('xlsx stream', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes a moment as the Moscow wall clock', () => {
    // 2026-11-23 09:00 UTC is 12:00 in Moscow: the serial's fraction is half a day.
    const serial = excelSerialOf(new Date('2026-11-23T09:00:00Z'));
    expect(serial % 1).toBeCloseTo(0.5, 10);
    expect(Math.floor(serial)).toBe(46349);
  });

  it('reads back in a spreadsheet program: header, texts with markup and control characters, money, dates, empty cells', async () => {
    const xlsx = createXlsxWriter('Лист «1»', [
      { header: 'Клиент', width: 20 },
      { header: 'Сумма', width: 12, format: 'rubles' },
      { header: 'Когда', width: 17, format: 'datetime' },
    ]);
    xlsx.addRow(['Иванова <Мария> & "дочь"\u0007', 1234.56, new Date('2026-11-23T09:00:00Z')]);
    xlsx.addRow([' с пробелом ', 0.01, null]);
    xlsx.end();
    const sheet = await read(xlsx.stream);
    expect(sheet.name).toBe('Лист «1»');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Клиент', 'Сумма', 'Когда']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('A2').value).toBe('Иванова <Мария> & "дочь"');
    expect(sheet.getCell('B2').value).toBe(1234.56);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00 "₽"');
    expect(sheet.getCell('C2').numFmt).toBe('dd.mm.yyyy hh:mm');
    expect((sheet.getCell('C2').value as Date).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(sheet.getCell('A3').value).toBe(' с пробелом ');
    expect(sheet.getCell('C3').value).toBeNull();
    expect(sheet.getColumn(1).width).toBe(20);
  });

  it('a failed export breaks the download instead of ending it like a whole file', async () => {
    const xlsx = createXlsxWriter('Лист', [{ header: 'A', width: 10 }]);
    xlsx.addRow(['x']);
    xlsx.fail(new Error('база недоступна'));
    await expect(text(xlsx.stream)).rejects.toThrow('база недоступна');
  });

  it('stops waiting once the reader has gone', async () => {
    const xlsx = createXlsxWriter('Лист', [{ header: 'A', width: 10 }]);
    for (let i = 0; i < 5_000; i += 1) xlsx.addRow([`строка ${i} `.repeat(20)]);
    const waiting = xlsx.waitForReader();
    xlsx.stream.destroy();
    expect(await waiting).toBe(false);
  });
});
