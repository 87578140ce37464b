import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys, type TelegramStatisticsQuery } from './keys';

export function getTelegramStatistics(query: TelegramStatisticsQuery) {
  return callEndpoint(endpoints.telegram.statistics, { query });
}

/** Runs, messages by day and subscribers for a period (the last 30 days when none is given). */
export const telegramStatisticsQueryOptions = (query: TelegramStatisticsQuery) =>
  queryOptions({
    queryKey: telegramKeys.statistics(query),
    queryFn: () => getTelegramStatistics(query),
    placeholderData: keepPreviousData,
  });

export function useTelegramStatistics(query: TelegramStatisticsQuery) {
  return useQuery(telegramStatisticsQueryOptions(query));
}
