import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys } from './keys';

export type CreateTelegramPostInput = EndpointRequest<typeof endpoints.telegram.createPost>;

export function createTelegramPost(request: CreateTelegramPostInput) {
  return callEndpoint(endpoints.telegram.createPost, request);
}

export function useCreateTelegramPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTelegramPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramKeys.postsRoot() }),
  });
}
