/** Moscow keeps UTC+3 all year (no summer time since 2014), so its days and months are fixed UTC spans. */
export const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The moment a Moscow day (YYYY-MM-DD) starts. */
export function moscowDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

/** The Moscow day (YYYY-MM-DD) a moment falls on. */
export function moscowDayOf(moment: Date): string {
  return new Date(moment.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Moscow calendar month a moment falls in, as `year * 12 + month - 1` (SQL's `order_month`). */
export function moscowMonthOf(moment: Date): number {
  const local = new Date(moment.getTime() + MOSCOW_OFFSET_MS);
  return local.getUTCFullYear() * 12 + local.getUTCMonth();
}

/** The moment a Moscow month (numbered as by `moscowMonthOf`) starts. */
export function moscowMonthStart(month: number): Date {
  return new Date(Date.UTC(Math.floor(month / 12), month % 12, 1) - MOSCOW_OFFSET_MS);
}
