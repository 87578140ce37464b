import { createHash } from 'node:crypto';
import { BONUS_MANUAL_MAX_KOPECKS, BONUS_UPLOAD_MAX_ROWS, normalizePhone, parseRublesToKopecks } from '@vmeste/contract';
import { AppError } from '../../shared/app-error.js';
import { readSpreadsheetTable } from '../../shared/spreadsheet-table.js';

/** A row of an accrual table as read, before the clients are looked up. */
export type ReadRow = {
  line: number;
  phone: string;
  rawPhone: string;
  amountKopecks: number | null;
  comment: string;
  error: string | null;
  /** The earlier line this row repeats (same phone, amount and comment); such a row is an error. */
  duplicateOf: number | null;
};

const headers = {
  phone: /телефон|phone|номер/i,
  amount: /сумм|бонус|amount|начисл/i,
  comment: /коммент|comment|причин|описан/i,
};

/** `-100`, `−1 234,50`, `+50` → signed kopecks; anything else → null. */
export function parseSignedRubles(text: string): number | null {
  const trimmed = text.trim();
  const negative = /^[-−–]/.test(trimmed);
  const kopecks = parseRublesToKopecks(trimmed.replace(/^[-−–+]\s*/, ''));
  return kopecks === null ? null : negative ? -kopecks : kopecks;
}

function checkAmount(text: string): { amount: number | null; error: string | null } {
  if (!text.trim()) return { amount: null, error: 'Не указана сумма' };
  const amount = parseSignedRubles(text);
  if (amount === null) return { amount: null, error: 'Сумма не число: пишите 150 или 150,50, списание — со знаком минус' };
  if (amount === 0) return { amount, error: 'Сумма не может быть нулевой' };
  if (Math.abs(amount) > BONUS_MANUAL_MAX_KOPECKS) return { amount, error: 'Не больше 1 000 000 бонусов в одной строке' };
  return { amount, error: null };
}

/**
 * The rows of an uploaded table: phone, amount, comment. The first row is a header when it has no
 * phone in it, and then its titles say which column is which; otherwise the columns go in that order.
 */
export async function readAccrualTable(data: Buffer): Promise<ReadRow[]> {
  const table = await readSpreadsheetTable(data, {
    maxRows: BONUS_UPLOAD_MAX_ROWS,
    tooManyRows: () =>
      new AppError('PAYLOAD_TOO_LARGE', `В таблице больше ${BONUS_UPLOAD_MAX_ROWS.toLocaleString('ru-RU')} строк: разделите её на части`, {
        field: 'file',
      }),
  });
  const first = table[0] ?? [];
  const hasHeader = !first.some((cell) => normalizePhone(cell.trim()) !== null);
  const column = { phone: 0, amount: 1, comment: 2 };
  if (hasHeader) {
    for (const key of ['phone', 'amount', 'comment'] as const) {
      const index = first.findIndex((cell) => headers[key].test(cell));
      if (index >= 0) column[key] = index;
    }
  }
  const rows: ReadRow[] = [];
  table.forEach((cells, index) => {
    if (hasHeader && index === 0) return;
    if (cells.every((c) => !c.trim())) return;
    const rawPhone = (cells[column.phone] ?? '').trim();
    const phone = normalizePhone(rawPhone);
    const { amount, error: amountError } = checkAmount(cells[column.amount] ?? '');
    const comment = (cells[column.comment] ?? '').trim();
    const error = !rawPhone
      ? 'Не указан телефон'
      : !phone
        ? 'Телефон не похож на российский номер'
        : (amountError ?? (comment.length > 300 ? 'Комментарий — не больше 300 символов' : null));
    rows.push({ line: index + 1, phone: phone ?? rawPhone, rawPhone, amountKopecks: amount, comment, error, duplicateOf: null });
  });
  if (rows.length > BONUS_UPLOAD_MAX_ROWS) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `В таблице больше ${BONUS_UPLOAD_MAX_ROWS.toLocaleString('ru-RU')} строк: разделите её на части`,
      {
        field: 'file',
      },
    );
  }
  if (rows.length === 0) throw new AppError('BAD_REQUEST', 'В таблице нет ни одной строки с начислением', { field: 'file' });
  markDuplicates(rows);
  return rows;
}

/** What makes two rows the same accrual: the normalised phone, the amount in kopecks, the trimmed comment. */
const keyOf = (row: ReadRow) => JSON.stringify([row.phone, row.amountKopecks, row.comment]);

/**
 * A row that repeats an earlier one is most likely pasted twice, so it is an error, never applied
 * silently: the admin removes it, or changes its comment when the client is really due twice.
 */
function markDuplicates(rows: ReadRow[]): void {
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (row.error) continue;
    const first = firstLine.get(keyOf(row));
    if (first === undefined) {
      firstLine.set(keyOf(row), row.line);
      continue;
    }
    row.duplicateOf = first;
    row.error = `Повторяет строку ${first}: тот же телефон, сумма и комментарий — удалите повтор или измените комментарий`;
  }
}

/**
 * The identity of a table for «applied once»: a hash of its normalised rows, not of its bytes, so the
 * same rows saved with CRLF, with a trailing newline, with another header or column order, or as XLSX
 * instead of CSV are the same table. The order of the rows is left out on purpose: a table sorted
 * differently pays the same people the same sums, and applying it again would pay them twice.
 */
export function rowsDigestOf(rows: ReadRow[]): string {
  const keys = rows.map(keyOf).sort();
  return createHash('sha256')
    .update(`bonus-upload-rows:v1\n${keys.join('\n')}`)
    .digest('hex');
}
