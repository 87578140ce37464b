import type { TelegramStatisticsQuery } from '../api/keys';

export type StatisticsParamKey = 'from' | 'to';

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The period of the statistics as it lives in the address (`?from=2026-11-01&to=2026-11-30`), so it can
 * be sent as a link. A broken date is dropped (the server then takes its default) and a reversed period
 * is turned round, rather than shown as an error.
 */
export function statisticsQueryOf(params: URLSearchParams): TelegramStatisticsQuery {
  const from = params.get('from');
  const to = params.get('to');
  const validFrom = from && isDate(from) ? from : undefined;
  const validTo = to && isDate(to) ? to : undefined;
  if (validFrom && validTo && validFrom > validTo) return { from: validTo, to: validFrom };
  return { ...(validFrom ? { from: validFrom } : {}), ...(validTo ? { to: validTo } : {}) };
}

/** The address with one end of the period changed; an empty value removes it. */
export function withPeriodChange(params: URLSearchParams, key: StatisticsParamKey, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

/** The address without a period: the server's default, the last 30 days. */
export function withoutPeriod(params: URLSearchParams): URLSearchParams {
  return withPeriodChange(withPeriodChange(params, 'from', null), 'to', null);
}
