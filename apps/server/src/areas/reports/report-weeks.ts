import { REPORT_DEFAULT_WEEKS, REPORT_MAX_WEEKS } from '@vmeste/contract';
import { moscowDayOf } from '../../shared/moscow-calendar.js';

const DAY_MS = 24 * 3600 * 1000;

/** The Monday (Moscow) of the week a Moscow day is in. */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The weeks the charts show: those of the chosen period, or the last 26 up to today; a period longer
 * than two years shows its last 104 weeks, so a chart stays readable.
 */
export function chartWeeks(period: { from?: string | undefined; to?: string | undefined }, now = new Date()): string[] {
  const lastDay = period.to ?? moscowDayOf(now);
  const lastMonday = mondayOf(lastDay);
  const firstMonday = period.from ? mondayOf(period.from) : addDays(lastMonday, -7 * (REPORT_DEFAULT_WEEKS - 1));
  const weeks: string[] = [];
  for (let monday = lastMonday; monday >= firstMonday && weeks.length < REPORT_MAX_WEEKS; monday = addDays(monday, -7)) weeks.push(monday);
  return weeks.reverse();
}

export function addDays(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}
