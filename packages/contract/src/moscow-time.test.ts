import { describe, expect, it } from 'vitest';
import { formatMoscowDate, formatMoscowDateTime } from './moscow-time.js';

// The time-zone database is the reference: the fixed offset must print what Intl prints for Moscow.
const intlDate = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' });
const intlDateTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

describe('Moscow time', () => {
  it('prints what the time-zone database prints for Moscow, across days, months, years and summer', () => {
    const instants = [
      '2026-11-27T20:59:59.999Z', // 23:59 in Moscow
      '2026-11-27T21:00:00.000Z', // the next Moscow day
      '2026-12-31T21:30:00Z', // New Year in Moscow, still 31 December in UTC
      '2026-06-15T12:05:00Z',
      '2028-02-28T22:00:00Z', // 29 February of a leap year in Moscow
      '2015-03-29T01:00:00Z', // when summer time used to start
      '2099-10-31T23:59:00Z',
    ];
    for (const at of instants) {
      expect(formatMoscowDate(at), at).toBe(intlDate.format(new Date(at)));
      expect(formatMoscowDateTime(new Date(at)), at).toBe(intlDateTime.format(new Date(at)));
    }
  });

  it('reads the shop´s date-time strings with an offset', () => {
    expect(formatMoscowDateTime('2026-11-27T10:15:00+03:00')).toBe('27.11.2026, 10:15');
  });

  it('refuses what is not a time, as Intl does, instead of printing NaN', () => {
    expect(() => formatMoscowDate('вчера')).toThrow(RangeError);
  });
});
