import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import { moscowDayOf, moscowDayStart } from '../../shared/moscow-calendar.js';
import { hitRateLimit } from '../../shared/rate-limiter.js';
import { plural } from '@vmeste/contract';

export type SuggestLimitSettings = { suggestPerMinute: number; suggestPerMinutePerIp: number; suggestPerDay: number };
export type SuggestAsker = { user: { id: string; isConfirmedAccount: boolean }; ip: string };

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Who may spend the shop's DaData allowance, and how fast. Three budgets, each a counter in the
 * database (shared/rate-limiter.ts), so every instance of the shop shares them:
 * - per person a minute. An account that has not confirmed its phone gets a quarter: enough to
 *   find one address, while a script signing up fresh accounts gains little from each (none at all
 *   would stop a new client from choosing a courier address before the SMS arrives);
 * - per address (request.ip) a minute, whoever is signed in there: many accounts behind one
 *   address share it;
 * - the whole shop in a Moscow day, below DaData's free 10,000, so the quota cannot be drained by
 *   many addresses at once. The counter's key is the day, so it starts afresh at Moscow midnight.
 */
export function createSuggestLimits(db: Db, settings: SuggestLimitSettings) {
  return async function hit({ user, ip }: SuggestAsker): Promise<void> {
    const perPerson = user.isConfirmedAccount ? settings.suggestPerMinute : Math.max(1, Math.floor(settings.suggestPerMinute / 4));
    await asSuggestLimit(hitRateLimit(db, `address-suggest:${user.id}`, { limit: perPerson, windowSeconds: 60 }));
    await asSuggestLimit(hitRateLimit(db, `address-suggest:ip:${ip}`, { limit: settings.suggestPerMinutePerIp, windowSeconds: 60 }));
    const now = new Date();
    const today = moscowDayOf(now);
    try {
      await hitRateLimit(db, `address-suggest:day:${today}`, { limit: settings.suggestPerDay, windowSeconds: DAY_SECONDS });
    } catch (error) {
      if (!isTooMany(error)) throw error;
      const tomorrow = moscowDayStart(today).getTime() + DAY_SECONDS * 1000;
      const seconds = Math.max(1, Math.ceil((tomorrow - now.getTime()) / 1000));
      throw new AppError('TOO_MANY_REQUESTS', 'Подсказки адресов на сегодня закончились: введите адрес полностью', {
        headers: { 'retry-after': String(seconds) },
      });
    }
  };
}

const isTooMany = (error: unknown): error is AppError => error instanceof AppError && error.statusCode === 429;

/** The limiter's words are about attempts; here the person is typing an address and can go on without help. */
async function asSuggestLimit(hit: Promise<void>): Promise<void> {
  try {
    await hit;
  } catch (error) {
    if (!isTooMany(error)) throw error;
    const seconds = Number(error.headers?.['retry-after'] ?? 60);
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Слишком много подсказок адреса подряд: введите адрес полностью или подождите ${seconds} ${plural(seconds, 'секунду', 'секунды', 'секунд')}`,
      { headers: { 'retry-after': String(seconds) } },
    );
  }
}
