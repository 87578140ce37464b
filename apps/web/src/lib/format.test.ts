import { describe, expect, it } from 'vitest';
import { formatBytes, formatCalendarDate, formatDate, formatDateTime, formatMoney } from './format';

// Intl separates groups with a narrow no-break space and puts a no-break space before ₽.
const normalize = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('shows kopecks as roubles with two decimals and the sign', () => {
    expect(normalize(formatMoney(123456))).toBe('1 234,56 ₽');
    expect(normalize(formatMoney(0))).toBe('0,00 ₽');
    expect(normalize(formatMoney(100000000))).toBe('1 000 000,00 ₽');
  });
});

describe('formatDate', () => {
  it('shows the Moscow date as DD.MM.YYYY', () => {
    // 22:30 UTC is already the next day in Moscow (UTC+3).
    expect(formatDate('2026-11-21T22:30:00Z')).toBe('22.11.2026');
    expect(formatDateTime('2026-11-21T22:30:00Z')).toBe('22.11.2026, 01:30');
  });
});

describe('formatBytes', () => {
  it('shows a size in the largest unit below 1024, with one decimal', () => {
    expect(formatBytes(0)).toBe('0 Б');
    expect(formatBytes(512)).toBe('512 Б');
    expect(formatBytes(348_160)).toBe('340 КБ');
    expect(formatBytes(1_258_291)).toBe('1,2 МБ');
  });
});

describe('formatCalendarDate', () => {
  it('turns a calendar date around without moving it by a time zone', () => {
    expect(formatCalendarDate('2026-05-01')).toBe('01.05.2026');
  });
});
