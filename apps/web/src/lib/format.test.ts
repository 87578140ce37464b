import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format';

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
