const MOSCOW = 'Europe/Moscow';

const date = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW, day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export { formatMoney } from '@vmeste/contract';

/** An instant → `DD.MM.YYYY` in Moscow time. */
export function formatDate(value: string | Date): string {
  return date.format(new Date(value));
}

/** An instant → `DD.MM.YYYY, HH:mm` in Moscow time. */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(new Date(value));
}

const sizeUnits = ['Б', 'КБ', 'МБ', 'ГБ'];
const oneDecimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** Bytes → `340 КБ`, `1,2 МБ`: a download's progress or a file's size. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : oneDecimal.format(value)} ${sizeUnits[unit]}`;
}

/** A calendar date `YYYY-MM-DD` (no time, no zone) → `DD.MM.YYYY`. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}
