import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS, importColumns, plural } from '@vmeste/contract';
import { AppError } from '../../shared/app-error.js';
import { loadExcelJS } from '../../shared/heavy-libraries.js';
import { checkXlsxUnpackedSize } from '../../shared/spreadsheet-limits.js';

export type RawImportRow = { rowNumber: number; values: Record<keyof typeof importColumns, string> };

const REQUIRED: (keyof typeof importColumns)[] = ['phone', 'product', 'quantity', 'price'];

/** Header text → column, by the Russian names, in any order and case, ignoring spaces and «ё». */
function normalizeHeader(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/\s+/g, ' ')
    .replace(/[.:*]$/, '');
}

const columnByHeader = new Map(
  Object.entries(importColumns).map(([key, title]) => [normalizeHeader(title), key as keyof typeof importColumns]),
);

const tooManyRows = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `В файле больше ${IMPORT_MAX_ROWS.toLocaleString('ru-RU')} ${plural(IMPORT_MAX_ROWS, 'строки', 'строк', 'строк')}: разбейте его на несколько файлов`,
    { field: 'file' },
  );

function toRows(table: string[][], firstRowNumber = 1): RawImportRow[] {
  const headerIndex = table.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw new AppError('BAD_REQUEST', 'Файл пустой: в нём нет ни заголовков, ни строк', { field: 'file' });
  const header = table[headerIndex]!;
  const positions = new Map<keyof typeof importColumns, number>();
  header.forEach((cell, index) => {
    const column = columnByHeader.get(normalizeHeader(cell));
    if (column && !positions.has(column)) positions.set(column, index);
  });
  const missing = REQUIRED.filter((c) => !positions.has(c)).map((c) => `«${importColumns[c]}»`);
  if (missing.length) {
    throw new AppError(
      'BAD_REQUEST',
      `В файле нет ${missing.length === 1 ? 'столбца' : 'столбцов'} ${missing.join(', ')}. Нужны столбцы: ${Object.values(importColumns).join(', ')}`,
      { field: 'file' },
    );
  }
  if (table.length - headerIndex - 1 > IMPORT_MAX_ROWS) throw tooManyRows();
  const rows: RawImportRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i += 1) {
    const cells = table[i]!;
    if (cells.every((cell) => cell.trim() === '')) continue;
    const values = Object.fromEntries(
      (Object.keys(importColumns) as (keyof typeof importColumns)[]).map((column) => {
        const index = positions.get(column);
        return [column, index === undefined ? '' : (cells[index] ?? '').trim()];
      }),
    ) as RawImportRow['values'];
    rows.push({ rowNumber: i + firstRowNumber, values });
  }
  if (rows.length === 0) throw new AppError('BAD_REQUEST', 'В файле есть заголовки, но нет ни одной строки с заказами', { field: 'file' });
  return rows;
}

/** Russian Excel saves CSV in Windows-1251; anything that is not valid UTF-8 is read as that. */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1251').decode(data);
  }
}

function parseCsvTable(data: Buffer): string[][] {
  const text = decodeText(data);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    return parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch (error) {
    throw new AppError('BAD_REQUEST', `Не удалось прочитать CSV: ${(error as Error).message}`, { field: 'file' });
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  // Excel keeps binary floats (0.1 + 0.2 = 0.30000000000000004); 15 significant digits are what it shows.
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
  }
  return String(value);
}

/**
 * Rows of the first sheet, read as a stream (the whole workbook is never built in memory); a sheet
 * longer than the import limit (plus the header and some blank lines) stops the reading at once.
 */
async function parseXlsxTable(data: Buffer): Promise<string[][]> {
  await checkXlsxUnpackedSize(data);
  const ExcelJS = await loadExcelJS();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const table: string[][] = [];
  let hasSheet = false;
  try {
    for await (const sheet of reader) {
      hasSheet = true;
      for await (const row of sheet) {
        if (row.number > IMPORT_MAX_ROWS + 100) throw tooManyRows();
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          cells[column - 1] = cellText(cell.value);
        });
        table[row.number - 1] = Array.from(cells, (c) => c ?? '');
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', 'Не удалось прочитать файл Excel: сохраните его как .xlsx или .csv', { field: 'file' });
  }
  if (!hasSheet) throw new AppError('BAD_REQUEST', 'В книге Excel нет ни одного листа', { field: 'file' });
  return Array.from(table, (r) => r ?? []);
}

/** XLSX (a zip: starts with PK) or CSV, told apart by content; rows carry their line number in the file. */
export async function readImportFile(data: Buffer): Promise<RawImportRow[]> {
  if (data.length === 0) throw new AppError('BAD_REQUEST', 'Файл пустой', { field: 'file' });
  const isZip = data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  if (!isZip && data.subarray(0, 4096).includes(0)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Загрузите таблицу Excel (.xlsx) или CSV', { field: 'file' });
  }
  const table = isZip ? await parseXlsxTable(data) : parseCsvTable(data);
  return toRows(table);
}
