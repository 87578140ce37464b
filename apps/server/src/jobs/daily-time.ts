import { moscowDayOf, moscowDayStart } from '../shared/moscow-calendar.js';

/** A time of a Moscow day, «03:00»: when a daily job runs. */
export type MoscowTime = { hour: number; minute: number };

/** «3:00» or «03:00» → { hour: 3, minute: 0 }; null for anything else. */
export function parseMoscowTime(text: string): MoscowTime | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : null;
}

/** The first moment after `now` when Moscow clocks show the time: today's, or tomorrow's if it has passed. */
export function nextMoscowTime(time: MoscowTime, now: Date): Date {
  const today = moscowDayStart(moscowDayOf(now)).getTime() + (time.hour * 60 + time.minute) * 60_000;
  return new Date(today > now.getTime() ? today : today + 24 * 60 * 60_000);
}
