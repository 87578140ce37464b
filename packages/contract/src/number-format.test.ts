import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.js';
import { formatNumber } from './number-format.js';

// Node's ICU is the reference: the formatter must print what Intl.NumberFormat('ru-RU') prints.
const intl = (value: number, maximumFractionDigits: number, minimumFractionDigits = 0) =>
  new Intl.NumberFormat('ru-RU', { maximumFractionDigits, minimumFractionDigits }).format(value);

const samples = [
  0,
  1,
  9,
  10,
  999,
  1000,
  1001,
  9999,
  10_000,
  12_345,
  999_999,
  1_000_000,
  123_456_789,
  2 ** 53 - 1,
  0.5,
  1.5,
  2.5,
  1.005,
  1.25,
  1.24,
  1.245,
  0.001,
  0.0004,
  0.0005,
  1234.5678,
  999.9995,
  999_999.96,
  0.1 + 0.2,
  1e-7,
  1e21,
  12.3456789,
  1023.96,
];

describe('formatNumber', () => {
  it('prints what Intl.NumberFormat ru-RU prints: groups, decimal comma, rounding half away from zero', () => {
    for (const value of [...samples, ...samples.map((v) => -v).filter((v) => v !== 0)]) {
      for (const [max, min] of [
        [0, 0],
        [1, 0],
        [2, 2],
        [3, 0],
      ] as const) {
        const expected = intl(value, max, min);
        // Intl keeps the sign of a negative number rounded to zero («-0»); a shop does not show it.
        expect(formatNumber(value, { maximumFractionDigits: max, minimumFractionDigits: min }), `${value} ${max}/${min}`).toBe(
          expected.startsWith('-') && /^-[0,]+$/.test(expected) ? expected.slice(1) : expected,
        );
      }
    }
  });

  it('splits groups with a no-break space, so a sum never breaks across lines', () => {
    expect(formatNumber(1_234_567.5, { maximumFractionDigits: 1 })).toBe('1\u00a0234\u00a0567,5');
  });

  it('shows no minus for a negative amount rounded to zero', () => {
    expect(formatNumber(-0.004, { maximumFractionDigits: 2, minimumFractionDigits: 2 })).toBe('0,00');
  });
});

describe('formatMoney', () => {
  it('prints kopecks as Intl prints roubles: `1 234,56 ₽` with no-break spaces', () => {
    const rubles = new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency: 'RUB',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    for (const kopecks of [0, 1, 99, 100, 150, 123_456, -123_450, 100_000_000_00, 7]) {
      expect(formatMoney(kopecks)).toBe(rubles.format(kopecks / 100));
    }
    expect(formatMoney(123_456)).toBe('1\u00a0234,56\u00a0₽');
  });
});
