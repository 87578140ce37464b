import { moscowInstantOf, moscowLocalOf } from '@vmeste/contract';
import { describe, expect, it } from 'vitest';
import { excerptOf, nextOccurrence } from './post-schedule.js';

const at = (local: string) => moscowInstantOf(local);
const longAgo = new Date('2000-01-01T00:00:00Z');

describe('the next occurrence of a repeating post, in Moscow time', () => {
  it('keeps the wall-clock time across the nights Europe moves its clocks (Moscow does not)', () => {
    // 28.03.2027 and 31.10.2027 are the last Sundays of March and October.
    const weekly = nextOccurrence({ repeat: 'weekly', repeatUntil: null }, at('2027-03-25T10:00'), longAgo);
    expect(moscowLocalOf(weekly!)).toBe('2027-04-01T10:00');
    expect(weekly!.toISOString()).toBe('2027-04-01T07:00:00.000Z');
    const daily = nextOccurrence({ repeat: 'daily', repeatUntil: null }, at('2027-10-30T21:30'), longAgo);
    expect(moscowLocalOf(daily!)).toBe('2027-10-31T21:30');
    expect(daily!.toISOString()).toBe('2027-10-31T18:30:00.000Z');
  });

  it('crosses the end of a month and a leap day', () => {
    expect(moscowLocalOf(nextOccurrence({ repeat: 'daily', repeatUntil: null }, at('2028-02-28T23:59'), longAgo)!)).toBe(
      '2028-02-29T23:59',
    );
    expect(moscowLocalOf(nextOccurrence({ repeat: 'weekly', repeatUntil: null }, at('2026-12-29T09:00'), longAgo)!)).toBe(
      '2027-01-05T09:00',
    );
  });

  it('ends after the last day, inclusive, and never repeats a one-off post', () => {
    const daily = { repeat: 'daily' as const, repeatUntil: '2026-12-02' };
    expect(moscowLocalOf(nextOccurrence(daily, at('2026-12-01T23:30'), longAgo)!)).toBe('2026-12-02T23:30');
    expect(nextOccurrence(daily, at('2026-12-02T23:30'), longAgo)).toBeNull();
    expect(nextOccurrence({ repeat: 'none', repeatUntil: null }, at('2026-12-01T10:00'), longAgo)).toBeNull();
  });

  it('skips occurrences already past to the next one still ahead', () => {
    const now = at('2026-12-10T12:00');
    expect(moscowLocalOf(nextOccurrence({ repeat: 'daily', repeatUntil: null }, at('2026-12-01T10:00'), now)!)).toBe('2026-12-11T10:00');
    expect(moscowLocalOf(nextOccurrence({ repeat: 'weekly', repeatUntil: null }, at('2026-11-03T10:00'), now)!)).toBe('2026-12-15T10:00');
  });
});

describe('a post as one line', () => {
  it('takes the tags and entities out and cuts a long text', () => {
    expect(excerptOf('<b>Скидки</b> &amp; подарки&nbsp;')).toBe('Скидки & подарки&nbsp;');
    expect(excerptOf(`<i>${'а'.repeat(200)}</i>`, 10)).toBe(`${'а'.repeat(9)}…`);
  });
});
