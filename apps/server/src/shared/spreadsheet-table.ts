import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { AppError } from './app-error.js';
import { loadExcelJS } from './heavy-libraries.js';
import { checkXlsxUnpackedSize } from './spreadsheet-limits.js';

/** How long a table may be, and the error that says so in the caller's words. */
export type TableLimits = { maxRows: number; tooManyRows: () => AppError };

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
    throw new AppError('BAD_REQUEST', csvErrorMessage(error as CsvError), { field: 'file' });
  }
}

type CsvError = Error & { code?: string; lines?: number };

/** csv-parse's English messages quote the file's text; the reader gets the reason and the line in Russian. */
const csvReasons: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'кавычка открыта и не закрыта',
  CSV_INVALID_CLOSING_QUOTE: 'после закрывающей кавычки идёт текст',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'после закрывающей кавычки идёт текст',
  CSV_MAX_RECORD_SIZE: 'слишком длинная строка',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'разное число столбцов в строках',
  CSV_RECORD_INCONSISTENT_COLUMNS: 'разное число столбцов в строках',
};

function csvErrorMessage(error: CsvError): string {
  const reason = (error.code && csvReasons[error.code]) || 'файл повреждён';
  const line = Number.isInteger(error.lines) ? `, строка ${error.lines}` : '';
  return `Не удалось прочитать CSV: ${reason}${line}. Сохраните таблицу заново как .xlsx или .csv`;
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
async function parseXlsxTable(data: Buffer, limits: TableLimits): Promise<string[][]> {
  await checkXlsxUnpackedSize(data);
  // ExcelJS's streaming reader once failed on a good file in a CI run under heavy load (a race of its
  // unzipping we could not reproduce); a file that is really broken fails the second time too.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await readFirstSheet(data, limits);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (attempt === 2) {
        throw new AppError('BAD_REQUEST', 'Не удалось прочитать файл Excel: сохраните его как .xlsx или .csv', { field: 'file' });
      }
    }
  }
}

/** The rows of the first sheet; ExcelJS's own failures come out as they are. */
async function readFirstSheet(data: Buffer, limits: TableLimits): Promise<string[][]> {
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
  for await (const sheet of reader) {
    hasSheet = true;
    for await (const row of sheet) {
      if (row.number > limits.maxRows + 100) throw limits.tooManyRows();
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell.value);
      });
      table[row.number - 1] = Array.from(cells, (c) => c ?? '');
    }
    break;
  }
  if (!hasSheet) throw new AppError('BAD_REQUEST', 'В книге Excel нет ни одного листа', { field: 'file' });
  return Array.from(table, (r) => r ?? []);
}

/**
 * The cells of an uploaded table as text: XLSX (a zip: starts with PK) or CSV, told apart by
 * content. Used by every import (orders, the delivery price list).
 */
export async function readSpreadsheetTable(data: Buffer, limits: TableLimits): Promise<string[][]> {
  if (data.length === 0) throw new AppError('BAD_REQUEST', 'Файл пустой', { field: 'file' });
  const isZip = data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  if (!isZip && data.subarray(0, 4096).includes(0)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Загрузите таблицу Excel (.xlsx) или CSV', { field: 'file' });
  }
  return isZip ? parseXlsxTable(data, limits) : parseCsvTable(data);
}
