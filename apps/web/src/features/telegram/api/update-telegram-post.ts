import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys } from './keys';

export type UpdateTelegramPostInput = EndpointRequest<typeof endpoints.telegram.updatePost>;

export function updateTelegramPost(request: UpdateTelegramPostInput) {
  return callEndpoint(endpoints.telegram.updatePost, request);
}

/** Changes a scheduled post (a sent or canceled one the server refuses with 409). */
export function useUpdateTelegramPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTelegramPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramKeys.postsRoot() }),
  });
}
