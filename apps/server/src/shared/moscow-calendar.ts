import { MOSCOW_OFFSET_MS } from '@vmeste/contract';

// Moscow keeps UTC+3 all year (no summer time since 2014), so its days and months are fixed UTC spans.

/** The moment a Moscow day (YYYY-MM-DD) starts. */
export function moscowDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

/** The Moscow day (YYYY-MM-DD) a moment falls on. */
export function moscowDayOf(moment: Date): string {
  return new Date(moment.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Moscow calendar month a moment falls in, as `year * 12 + month - 1`. */
export function moscowMonthOf(moment: Date): number {
  const local = new Date(moment.getTime() + MOSCOW_OFFSET_MS);
  return local.getUTCFullYear() * 12 + local.getUTCMonth();
}

/**
 * The Moscow half-month a moment falls in — the 1st to the 15th, or the 16th to the month's end —
 * numbered `(year * 12 + month - 1) * 2 + half` (SQL's `order_half_month`).
 */
export function moscowHalfMonthOf(moment: Date): number {
  const dayOfMonth = new Date(moment.getTime() + MOSCOW_OFFSET_MS).getUTCDate();
  return moscowMonthOf(moment) * 2 + (dayOfMonth >= 16 ? 1 : 0);
}

/** The moment a Moscow half-month (numbered as by `moscowHalfMonthOf`) starts. */
export function moscowHalfMonthStart(half: number): Date {
  const month = Math.floor(half / 2);
  return new Date(Date.UTC(Math.floor(month / 12), month % 12, half % 2 === 0 ? 1 : 16) - MOSCOW_OFFSET_MS);
}
