/**
 * The shop's clock is Moscow's. Moscow keeps UTC+3 all year (no summer time since 2014), so a Moscow
 * wall-clock time is the UTC one moved by three hours — no time-zone database, and no `Intl` (whose
 * first use in a browser costs tens of milliseconds of a page's first render, decision 038).
 */
export const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

const twoDigits = (n: number) => String(n).padStart(2, '0');

function moscowWallClock(value: string | Date): Date {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Не дата и время: ${String(value)}`);
  return new Date(at.getTime() + MOSCOW_OFFSET_MS);
}

/** An instant → `DD.MM.YYYY` in Moscow time. */
export function formatMoscowDate(value: string | Date): string {
  const local = moscowWallClock(value);
  return `${twoDigits(local.getUTCDate())}.${twoDigits(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`;
}

/** An instant → `DD.MM.YYYY, HH:mm` in Moscow time. */
export function formatMoscowDateTime(value: string | Date): string {
  const local = moscowWallClock(value);
  return `${formatMoscowDate(value)}, ${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`;
}
