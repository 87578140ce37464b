import { describe, expect, it } from 'vitest';
import { expiringText, formatPercent, formatSignedMoney, referralStatsText, rowsText, writtenOffText } from './bonus-texts';

const S = '[\\s\\u00a0\\u202f]';

describe('bonus texts', () => {
  it('says what the friends brought, the same for a man or a woman, and when it comes by the programme’s rule', () => {
    expect(referralStatsText(0, 0, 'delivery')).toBe('Вы ещё никого не пригласили.');
    expect(referralStatsText(1, 5_000, 'delivery')).toMatch(
      new RegExp(`^Приглашено друзей: 1\\. За заказы друга начислено 50,00${S}₽\\.$`),
    );
    expect(referralStatsText(3, 12_300, 'payment')).toMatch(
      new RegExp(`^Приглашено друзей: 3\\. За заказы друзей начислено 123,00${S}₽\\.$`),
    );
    expect(referralStatsText(21, 100, 'delivery')).toMatch(/^Приглашено друзей: 21\. За заказы друзей/);
    // Referral bonuses come with cashback: on delivery by default, not when the friend pays.
    expect(referralStatsText(2, 0, 'delivery')).toBe('Приглашено друзей: 2. Бонусы придут, когда друзья получат оплаченные заказы.');
    expect(referralStatsText(1, 0, 'delivery')).toBe('Приглашено друзей: 1. Бонусы придут, когда друг получит оплаченный заказ.');
    expect(referralStatsText(1, 0, 'payment')).toBe('Приглашено друзей: 1. Бонусы придут, когда друг оплатит заказ.');
    for (const text of [referralStatsText(1, 0, 'delivery'), referralStatsText(1, 5_000, 'payment')]) expect(text).not.toMatch(/\bон\b/);
  });

  it('writes the expiry day in Moscow time, the sign of every amount and percents with a comma', () => {
    expect(expiringText({ amountKopecks: 123_456, at: '2026-12-11T21:30:00Z' })).toMatch(
      new RegExp(`^1${S}234,56${S}₽ сгорят 12\\.12\\.2026$`),
    );
    expect(formatSignedMoney(15_000)).toMatch(new RegExp(`^\\+150,00${S}₽$`));
    expect(formatSignedMoney(-5_000)).toMatch(new RegExp(`^−50,00${S}₽$`));
    expect(formatPercent(7.5)).toBe('7,5\u00a0%');
    expect([1, 2, 5, 21].map(rowsText)).toEqual(['1 строка', '2 строки', '5 строк', '21 строка']);
  });

  it('tells a reversal the balance could not cover from a refund of bonuses that were never taken', () => {
    expect(writtenOffText(3_000)).toMatch(new RegExp(`^Списать не удалось 30,00${S}₽: бонусов на счёте не хватило`));
    expect(writtenOffText(3_000, true)).toMatch(new RegExp(`^Не возвращено 30,00${S}₽: эти бонусы при оплате так и не были списаны\\.$`));
  });
});
