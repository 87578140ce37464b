import { formatNumber } from '@vmeste/contract';

export { formatMoney, formatMoscowDate as formatDate, formatMoscowDateTime as formatDateTime } from '@vmeste/contract';

const sizeUnits = ['Б', 'КБ', 'МБ', 'ГБ'];

/** Bytes → `340 КБ`, `1,2 МБ`: a download's progress or a file's size. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : formatNumber(value, { maximumFractionDigits: 1 })} ${sizeUnits[unit]}`;
}

/** A calendar date `YYYY-MM-DD` (no time, no zone) → `DD.MM.YYYY`. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}
