const MOSCOW = 'Europe/Moscow';

const money = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const date = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW, day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Kopecks → `1 234,56 ₽` (Intl puts a no-break space between groups and before the sign). */
export function formatMoney(kopecks: number): string {
  return money.format(kopecks / 100);
}

/** An instant → `DD.MM.YYYY` in Moscow time. */
export function formatDate(value: string | Date): string {
  return date.format(new Date(value));
}

/** An instant → `DD.MM.YYYY, HH:mm` in Moscow time. */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(new Date(value));
}
