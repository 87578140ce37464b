import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys } from './keys';

export type CancelTelegramPostInput = EndpointRequest<typeof endpoints.telegram.cancelPost>;

export function cancelTelegramPost(request: CancelTelegramPostInput) {
  return callEndpoint(endpoints.telegram.cancelPost, request);
}

/** Cancels a scheduled post and its repeats; it moves from one tab of the list to another. */
export function useCancelTelegramPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTelegramPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramKeys.postsRoot() }),
  });
}
