import { describe, expect, it } from 'vitest';
import { amountToCopy, cardNumberToCopy, formatCardNumber } from './card-number';

describe('formatCardNumber', () => {
  it('splits the number into groups of four', () => {
    expect(formatCardNumber('2202200000000008')).toBe('2202 2000 0000 0008');
    expect(formatCardNumber('2202 2000 0000 0008')).toBe('2202 2000 0000 0008');
  });

  it('leaves a shorter last group of an 18- or 19-digit number', () => {
    expect(formatCardNumber('2200123412341234123')).toBe('2200 1234 1234 1234 123');
  });
});

describe('what is copied', () => {
  it('copies the card number as digits only', () => {
    expect(cardNumberToCopy('2202 2000 0000 0008')).toBe('2202200000000008');
  });

  it('copies the amount with a comma and both kopeck digits', () => {
    expect(amountToCopy(123456)).toBe('1234,56');
    expect(amountToCopy(50005)).toBe('500,05');
    expect(amountToCopy(100)).toBe('1,00');
  });
});
