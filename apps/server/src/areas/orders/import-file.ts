import { IMPORT_MAX_ROWS, importColumns, plural } from '@vmeste/contract';
import { AppError } from '../../shared/app-error.js';
import { readSpreadsheetTable } from '../../shared/spreadsheet-table.js';

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

/** XLSX (a zip: starts with PK) or CSV, told apart by content; rows carry their line number in the file. */
export async function readImportFile(data: Buffer): Promise<RawImportRow[]> {
  return toRows(await readSpreadsheetTable(data, { maxRows: IMPORT_MAX_ROWS, tooManyRows }));
}
