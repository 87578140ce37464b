import { describe, expect, it } from 'vitest';
import { formatPhone, isPhoneSearchText, maskPhone, normalizePhone, phoneSearchDigits } from './phone.js';

describe('normalizePhone', () => {
  it.each([
    ['+7 (900) 000-00-01', '79000000001'],
    ['89000000001', '79000000001'],
    ['79000000001', '79000000001'],
    ['9000000001', '79000000001'],
    ['8 900 000 00 01', '79000000001'],
  ])('accepts %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each(['', '123', '+1 (900) 000-00-01', '790000000011', '7900000000a', '71000000001'])('rejects %s', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('formatPhone and maskPhone', () => {
  it('formats and masks a stored phone', () => {
    expect(formatPhone('79000000001')).toBe('+7 (900) 000-00-01');
    expect(maskPhone('79000000001')).toBe('+7 (900) ***-**-01');
  });
});

describe('phoneSearchDigits', () => {
  it.each([
    ['8 900 12', '790012'],
    ['8(900)123', '7900123'],
    ['+7 (900) 12', '790012'],
    ['89001234567', '79001234567'],
    ['90012', '90012'],
    ['45-67', '4567'],
    ['889', '889'],
  ])('reads %s as the digits %s', (input, expected) => {
    expect(phoneSearchDigits(input)).toBe(expected);
  });

  it('tells a phone from a name', () => {
    expect(isPhoneSearchText('+7 (900) 12')).toBe(true);
    expect(isPhoneSearchText('Ольга 12')).toBe(false);
  });
});
