import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys } from './keys';

export function getTelegramOverview() {
  return callEndpoint(endpoints.telegram.overview);
}

export const telegramOverviewQueryOptions = () => queryOptions({ queryKey: telegramKeys.overview(), queryFn: getTelegramOverview });

/** The bot, the channel, how the shop talks to Telegram, and how many subscribers there are. */
export function useTelegramOverview() {
  return useQuery(telegramOverviewQueryOptions());
}
