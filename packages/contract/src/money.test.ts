import { describe, expect, it } from 'vitest';
import { applyPercentHalfUp, parseRublesToKopecks, spendCapOf } from './money.js';

describe('parseRublesToKopecks', () => {
  it.each([
    ['1 234,56', 123456],
    ['1234.56', 123456],
    ['1234', 123400],
    ['1 234,5 ₽', 123450],
    ['99 руб.', 9900],
    ['0,01', 1],
    [1234.56, 123456],
  ])('%s → %i', (input, expected) => {
    expect(parseRublesToKopecks(input)).toBe(expected);
  });

  it.each(['', 'abc', '12,345', '-5', '1.2.3', '12 345,678', Number.NaN, -1])('rejects %s', (input) => {
    expect(parseRublesToKopecks(input)).toBeNull();
  });
});

describe('applyPercentHalfUp', () => {
  it('rounds half up to the kopeck', () => {
    expect(applyPercentHalfUp(1000, 1500)).toBe(150);
    expect(applyPercentHalfUp(333, 1000)).toBe(33);
    expect(applyPercentHalfUp(335, 1000)).toBe(34); // 33.5 → 34
    expect(applyPercentHalfUp(0, 1500)).toBe(0);
    expect(applyPercentHalfUp(99999999, 1234)).toBe(12340000); // 12 339 999.8766 → 12 340 000
  });
});

describe('spendCapOf', () => {
  it('takes the share of the payment rounded down, never above the cap', () => {
    expect(spendCapOf(10000, 3000)).toBe(3000);
    expect(spendCapOf(335, 1000)).toBe(33); // 33.5 → 33, where applyPercentHalfUp gives 34
    expect(spendCapOf(99999, 3333)).toBe(33329); // 33 329.6667 → 33 329
    expect(spendCapOf(5000, 0)).toBe(0);
    expect(spendCapOf(5000, 10000)).toBe(5000);
  });
});
