import { describe, expect, it } from 'vitest';
import { formatWeight } from './weight.js';

describe('formatWeight', () => {
  it('shows grams below a kilogram and kilograms with a decimal comma from it', () => {
    expect(formatWeight(850)).toBe('850 г');
    expect(formatWeight(1000)).toBe('1 кг');
    expect(formatWeight(1250)).toBe('1,25 кг');
    expect(formatWeight(12_500)).toBe('12,5 кг');
  });

  it('keeps every gram, so the price band a weight falls in can be read: 1 001 g is not «1 кг»', () => {
    expect(formatWeight(1001)).toBe('1,001 кг');
    expect(formatWeight(1005)).toBe('1,005 кг');
    expect(formatWeight(4999)).toBe('4,999 кг');
  });

  it('rounds to whole grams', () => {
    expect(formatWeight(999.6)).toBe('1 кг');
    expect(formatWeight(0)).toBe('0 г');
  });
});
