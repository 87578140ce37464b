import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys } from './keys';

export function getTelegramLink() {
  return callEndpoint(endpoints.telegram.link);
}

/** The card shows a failed read itself (a toast on every poll would flood the screen). */
export const telegramLinkQueryOptions = () =>
  queryOptions({ queryKey: telegramKeys.link(), queryFn: getTelegramLink, meta: { isErrorShown: true } });

/**
 * Whether the signed-in person's Telegram is linked. While a link waits for «Start» in Telegram it is
 * asked again every `pollMs` until it is linked, in a background tab too: the person is in Telegram at
 * that moment. Once a chat gets linked, the admin's overview (subscribers, test sends) is read again.
 */
export function useTelegramLink({ pollMs }: { pollMs: number | false } = { pollMs: false }) {
  const queryClient = useQueryClient();
  const link = useQuery({
    ...telegramLinkQueryOptions(),
    refetchInterval: (query) => (pollMs && !query.state.data?.isLinked ? pollMs : false),
    refetchIntervalInBackground: true,
  });
  const isLinked = link.data?.isLinked;
  const wasLinked = useRef(isLinked);
  useEffect(() => {
    if (wasLinked.current === false && isLinked === true) void queryClient.invalidateQueries({ queryKey: telegramKeys.overview() });
    wasLinked.current = isLinked;
  }, [isLinked, queryClient]);
  return link;
}
