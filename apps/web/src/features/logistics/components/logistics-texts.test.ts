import { describe, expect, it } from 'vitest';
import {
  cityOptionLabel,
  daysSince,
  formatBand,
  formatShortDateTime,
  invoiceStateText,
  longerThanDaysText,
  missingTariffMessage,
  oldestUnpaidText,
  parseTypedDay,
  rublesTextOf,
  stageOf,
} from './logistics-texts';

const SPACE = /[\s\u00a0\u202f]/g;
const plain = (text: string) => text.replace(SPACE, ' ');

describe('logistics texts', () => {
  it('writes weight bands with thousands apart', () => {
    expect(plain(formatBand(0, 1000))).toBe('0–1 000 г');
    expect(plain(formatBand(1001, 25_000))).toBe('1 001–25 000 г');
  });

  it('counts days by the Moscow calendar', () => {
    const now = new Date('2026-03-05T06:00:00.000Z'); // 09:00 in Moscow
    expect(daysSince('2026-03-04T20:30:00.000Z', now)).toBe(1); // 23:30 the day before in Moscow
    expect(daysSince('2026-03-04T21:30:00.000Z', now)).toBe(0); // 00:30 the same day in Moscow
    expect(invoiceStateText({ status: 'unpaid', createdAt: '2026-03-02T09:00:00.000Z', paidAt: null }, now)).toBe('не оплачен 3 дня');
    expect(invoiceStateText({ status: 'unpaid', createdAt: '2026-02-28T09:00:00.000Z', paidAt: null }, now)).toBe('не оплачен 5 дней');
    expect(invoiceStateText({ status: 'unpaid', createdAt: '2026-03-04T09:00:00.000Z', paidAt: null }, now)).toBe('не оплачен 1 день');
    expect(invoiceStateText({ status: 'paid', createdAt: '2026-03-01T09:00:00.000Z', paidAt: '2026-03-03T22:10:00.000Z' }, now)).toBe(
      'оплачен 04.03.2026',
    );
  });

  it('puts days in the right form after each word', () => {
    expect(oldestUnpaidText(1)).toBe('самому старому 1 день');
    expect(oldestUnpaidText(22)).toBe('самому старому 22 дня');
    expect(oldestUnpaidText(null)).toBeNull();
    expect(longerThanDaysText(1)).toBe('дольше 1 дня');
    expect(longerThanDaysText(5)).toBe('дольше 5 дней');
    expect(longerThanDaysText(21)).toBe('дольше 21 дня');
  });

  it('tells a checked time without the year, in Moscow', () => {
    expect(formatShortDateTime('2026-03-05T11:20:00.000Z')).toBe('05.03 14:20');
  });

  it('describes a city with its points', () => {
    expect(cityOptionLabel({ name: 'Москва', pointsCount: 6, enabledCount: 5 })).toBe('Москва — 6 пунктов, включено 5');
    expect(cityOptionLabel({ name: 'Тула', pointsCount: 2, enabledCount: 2 })).toBe('Тула — 2 пункта, все включены');
    expect(cityOptionLabel({ name: 'Орёл', pointsCount: 1, enabledCount: 0 })).toBe('Орёл — 1 пункт, выключен');
    expect(cityOptionLabel({ name: 'Казань', pointsCount: 31, enabledCount: 21 })).toBe('Казань — 31 пункт, включён 21');
  });

  it('names the parcels without a tariff', () => {
    expect(missingTariffMessage([{ number: 3, quotedPriceKopecks: 100 }])).toBeNull();
    expect(missingTariffMessage([{ number: 3, quotedPriceKopecks: null }])).toBe(
      'Нет тарифа для посылки № 3: укажите цену вручную или дополните прайс-лист',
    );
    expect(
      missingTariffMessage([
        { number: 3, quotedPriceKopecks: null },
        { number: 8, quotedPriceKopecks: null },
      ]),
    ).toBe('Нет тарифа для посылок № 3, № 8: укажите цену вручную или дополните прайс-лист');
  });

  it('reads and writes prices and dates as typed', () => {
    expect(rublesTextOf(35_000)).toBe('350');
    expect(rublesTextOf(34_990)).toBe('349,90');
    expect(parseTypedDay('1.4.2026')).toBe('2026-04-01');
    expect(parseTypedDay('31.02.2026')).toBeNull();
    expect(stageOf('to_ship')).toBe('to_ship');
    expect(stageOf('nonsense')).toBe('awaiting_invoice');
  });
});
