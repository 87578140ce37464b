import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { downloadEndpoint } from '@/lib/api-client';
import { telegramKeys } from './keys';

/** The picture's bytes: an <img> cannot send the bearer token, so the page fetches them itself. */
export function getTelegramPicture(id: string, signal?: AbortSignal) {
  return downloadEndpoint(endpoints.telegram.picture, { params: { id } }, signal ? { signal } : {});
}

/** A picture never changes once uploaded, so it is fetched once per visit; nothing is asked without an id. */
export const telegramPictureQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: telegramKeys.picture(id ?? ''),
    queryFn: ({ signal }) => getTelegramPicture(id!, signal),
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });

export function useTelegramPicture(id: string | null) {
  return useQuery(telegramPictureQueryOptions(id));
}
