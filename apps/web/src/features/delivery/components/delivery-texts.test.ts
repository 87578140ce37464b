import { isRecipientValid } from '@vmeste/contract';
import { describe, expect, it } from 'vitest';
import { formatWeight, missingRecipientText, orderNumbersText, recipientText } from './delivery-texts';

describe('delivery texts', () => {
  it('weighs in grams below a kilogram and in kilograms above', () => {
    expect(formatWeight(850)).toBe('850 г');
    expect(formatWeight(1000)).toBe('1 кг');
    expect(formatWeight(1250)).toBe('1,25 кг');
    // Every gram shows: 1 001 g is priced in the 1–5 kg band and must not read «1 кг».
    expect(formatWeight(1001)).toBe('1,001 кг');
  });

  it('names one order or several', () => {
    expect(orderNumbersText([101])).toBe('Заказ № 101');
    expect(orderNumbersText([101, 102])).toBe('Заказы № 101, № 102');
  });

  it('writes the recipient with the phone in the mask', () => {
    expect(recipientText({ phone: '79001234567', name: 'Мария', surname: 'Иванова' })).toBe('Иванова Мария, +7 (900) 123-45-67');
  });

  it('says what the recipient lacks, exactly when the specification calls it invalid', () => {
    const full = { phone: '+7 (900) 123-45-67', name: 'Мария', surname: 'Иванова' };
    expect(missingRecipientText(full)).toBeNull();
    expect(isRecipientValid(full)).toBe(true);
    expect(missingRecipientText({ ...full, surname: '  ' })).toBe('Чтобы сохранить, укажите фамилию получателя');
    expect(missingRecipientText({ ...full, name: '', surname: '' })).toBe('Чтобы сохранить, укажите имя и фамилию получателя');
    expect(missingRecipientText({ phone: '', name: '', surname: '' })).toBe('Чтобы сохранить, укажите телефон, имя и фамилию получателя');
    for (const partial of [
      { ...full, phone: '' },
      { ...full, name: ' ' },
      { ...full, surname: '' },
    ]) {
      expect(isRecipientValid(partial)).toBe(false);
      expect(missingRecipientText(partial)).not.toBeNull();
    }
  });
});
