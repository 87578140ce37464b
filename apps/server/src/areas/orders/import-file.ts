import type { Worker } from 'node:worker_threads';
import { type ImportRow, IMPORT_MAX_ROWS, importColumns, plural } from '@vmeste/contract';
import { AppError, type ErrorCode, errorCodes } from '../../shared/app-error.js';
import { startModuleWorker } from '../../shared/module-worker.js';
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

/** A file for import-file.worker.ts to read, and what it answers: a batch of checked rows, the end, or why the file was refused. */
export type ImportFileRequest = { id: number; data: Uint8Array };
/** The server took a batch of rows: the worker sends the next. */
export type ImportFileAck = { id: number; taken: true };
export type ImportFileMessage = { id: number } & (
  { rows: ImportRow[] } | { done: true } | { error: { statusCode?: number; message: string; field?: string | undefined } }
);

function errorOf({ statusCode, message, field }: { statusCode?: number; message: string; field?: string | undefined }): Error {
  const code = Object.entries(errorCodes).find(([, status]) => status === statusCode)?.[0] as ErrorCode | undefined;
  return code ? new AppError(code, message, { field }) : new Error(`orders file worker: ${message}`);
}

type Reading = { rows: ImportRow[]; resolve(rows: ImportRow[]): void; reject(error: Error): void };

/**
 * An idle worker stays this long for the next file, then goes with the files it read: long enough for
 * an organizer to look through a preview and apply it without the file being read again.
 */
const WORKER_IDLE_MS = 10 * 60_000;

/** The one worker thread that reads files, started on the first import; several files are read side by side in it. */
let reader: { worker: Worker; readings: Map<number, Reading>; idle: NodeJS.Timeout | null } | null = null;
let nextReadingId = 1;

function startReader(): NonNullable<typeof reader> {
  const worker = startModuleWorker(new URL('./import-file.worker.js', import.meta.url));
  const started: NonNullable<typeof reader> = { worker, readings: new Map(), idle: null };
  const failAll = (error: Error) => {
    if (reader === started) reader = null;
    for (const reading of started.readings.values()) reading.reject(error);
    started.readings.clear();
  };
  worker.on('message', (message: ImportFileMessage) => {
    const reading = started.readings.get(message.id);
    if (!reading) return;
    if ('rows' in message) {
      for (const row of message.rows) reading.rows.push(row);
      worker.postMessage({ id: message.id, taken: true } satisfies ImportFileAck);
      return;
    }
    started.readings.delete(message.id);
    if ('error' in message) reading.reject(errorOf(message.error));
    else reading.resolve(reading.rows);
    if (started.readings.size === 0) idle(started);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`orders file worker stopped (exit code ${code})`)));
  return started;
}

/** Nothing to read: the worker no longer keeps the process alive, and stops after a while. */
function idle(current: NonNullable<typeof reader>) {
  current.worker.unref();
  current.idle = setTimeout(() => {
    if (reader === current) reader = null;
    void current.worker.terminate();
  }, WORKER_IDLE_MS);
  current.idle.unref();
}

/**
 * The file's rows, each checked (checkImportRow), read in a worker thread (import-file.worker.ts):
 * the server's event loop only takes the rows in batches of a few thousand, so other requests are
 * answered while a 50,000-row file is unzipped and parsed. A refused file throws the worker's AppError.
 */
export function readImportRows(data: Buffer): Promise<ImportRow[]> {
  reader ??= startReader();
  const current = reader;
  if (current.idle) clearTimeout(current.idle);
  current.idle = null;
  current.worker.ref();
  const id = nextReadingId++;
  // A copy of just these bytes is handed over (transferred, not cloned): the upload's buffer may be a view of a larger one.
  const bytes = new Uint8Array(data);
  return new Promise<ImportRow[]>((resolve, reject) => {
    current.readings.set(id, { rows: [], resolve, reject });
    current.worker.postMessage({ id, data: bytes } satisfies ImportFileRequest, [bytes.buffer]);
  });
}
