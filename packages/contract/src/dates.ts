import { z } from 'zod';

/**
 * The days the shop can meaningfully be asked about. A year such as 0000 or 9999 is a valid ISO date
 * but not a date PostgreSQL or the shop's Moscow-calendar arithmetic handle, so it is refused as
 * input before any query runs.
 */
export const earliestDate = '2000-01-01';
export const latestDate = '2100-12-31';

/** Whether a `YYYY-MM-DD…` text falls between the earliest and the latest day (its first ten characters). */
export function isWithinDateRange(text: string): boolean {
  const day = text.slice(0, 10);
  return day >= earliestDate && day <= latestDate;
}

const outOfRange = 'Дата должна быть между 2000 и 2100 годом';

/**
 * Every date the API takes: a real calendar day (no 30 February) within the shop's range. One helper,
 * so a new date field cannot forget the range.
 */
export function calendarDateField(formatError = 'Дата указывается в формате ГГГГ-ММ-ДД') {
  return z.iso.date({ error: formatError }).refine(isWithinDateRange, outOfRange);
}
