import { endpoints } from '@vmeste/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys, type TelegramPostsQuery } from './keys';

export function getTelegramPosts(query: TelegramPostsQuery) {
  return callEndpoint(endpoints.telegram.listPosts, { query });
}

/** A page of posts of one status, the nearest first; the previous page stays while the next loads. */
export const telegramPostsQueryOptions = (query: TelegramPostsQuery) =>
  queryOptions({ queryKey: telegramKeys.posts(query), queryFn: () => getTelegramPosts(query), placeholderData: keepPreviousData });

export function useTelegramPosts(query: TelegramPostsQuery) {
  return useQuery(telegramPostsQueryOptions(query));
}
