import { describe, expect, it } from 'vitest';
import {
  blockedText,
  excerptOf,
  moscowToday,
  nextFullHourMoscow,
  parseTypedDay,
  repeatText,
  runCountsText,
  subscribersText,
  targetsText,
} from './telegram-texts';

describe('telegram texts', () => {
  it('starts a new post at the next full hour of Moscow', () => {
    expect(nextFullHourMoscow(new Date('2026-11-24T15:10:00Z'))).toBe('2026-11-24T19:00');
    expect(nextFullHourMoscow(new Date('2026-11-24T15:00:00Z'))).toBe('2026-11-24T19:00');
    // 23:30 in Moscow: the next hour is tomorrow.
    expect(nextFullHourMoscow(new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01T00:00');
    expect(moscowToday(new Date('2026-11-24T21:30:00Z'))).toBe('2026-11-25');
  });

  it('reads a typed date and refuses a day not in the calendar', () => {
    expect(parseTypedDay('5.11.2026')).toBe('2026-11-05');
    expect(parseTypedDay('31.11.2026')).toBeNull();
    expect(parseTypedDay('2026-11-05')).toBeNull();
  });

  it('counts subscribers and those who blocked the bot in Russian', () => {
    expect([1, 3, 5, 11, 21, 22].map(subscribersText)).toEqual([
      '1 подписчик',
      '3 подписчика',
      '5 подписчиков',
      '11 подписчиков',
      '21 подписчик',
      '22 подписчика',
    ]);
    expect([0, 1, 2, 11, 21].map(blockedText)).toEqual([
      '0 заблокировали бота',
      '1 заблокировал бота',
      '2 заблокировали бота',
      '11 заблокировали бота',
      '21 заблокировал бота',
    ]);
  });

  it('cuts a post to a line of plain text', () => {
    expect(excerptOf('<b>Скидки</b>\nдо &lt;пятницы&gt;')).toBe('Скидки до <пятницы>');
    expect(excerptOf('a'.repeat(100), 10)).toBe('aaaaaaaaa…');
    // A text that does not parse is shown as typed.
    expect(excerptOf('<div>Привет')).toBe('<div>Привет');
  });

  it('says where, how often and how it went', () => {
    expect(targetsText({ toChannel: true, toSubscribers: false })).toBe('В канал');
    expect(targetsText({ toChannel: false, toSubscribers: true })).toBe('Подписчикам бота');
    expect(repeatText({ repeat: 'daily', repeatUntil: '2026-12-31' })).toBe('Каждый день до 31.12.2026');
    expect(repeatText({ repeat: 'weekly', repeatUntil: null })).toBe('Каждую неделю');
    expect(repeatText({ repeat: 'none', repeatUntil: null })).toBe('Один раз');
    expect(runCountsText({ delivered: 5, blocked: 1, failed: 0, pending: 2 })).toBe(
      'доставлено 5 · заблокировали 1 · ошибки 0 · в очереди 2',
    );
  });
});
