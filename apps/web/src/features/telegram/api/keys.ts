import type { endpoints, EndpointRequest } from '@vmeste/contract';

export type TelegramPostsQuery = EndpointRequest<typeof endpoints.telegram.listPosts>['query'];
export type TelegramStatisticsQuery = EndpointRequest<typeof endpoints.telegram.statistics>['query'];

/**
 * Everything about the bot lives under one root: linking a chat changes the overview's counts and
 * whether the admin may send a test post, and a post sent now changes the statistics, so one
 * invalidation of `telegramKeys.all` refreshes them together. Pictures stay outside it: they never
 * change once uploaded, and refetching their bytes after every action would be waste; nor is the
 * account an activation through the bot watches.
 */
export const telegramKeys = {
  all: ['telegram'] as const,
  link: () => [...telegramKeys.all, 'link'] as const,
  overview: () => [...telegramKeys.all, 'overview'] as const,
  postsRoot: () => [...telegramKeys.all, 'posts'] as const,
  posts: (query: TelegramPostsQuery) => [...telegramKeys.postsRoot(), query] as const,
  statistics: (query: TelegramStatisticsQuery) => [...telegramKeys.all, 'statistics', query] as const,
  picture: (id: string) => ['telegram-picture', id] as const,
  /** The signed-in account while it waits to be confirmed through the bot: not about the bot itself. */
  activationAccount: () => ['telegram-activation', 'account'] as const,
};
