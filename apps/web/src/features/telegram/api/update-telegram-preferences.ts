import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys } from './keys';

export type UpdateTelegramPreferencesInput = EndpointRequest<typeof endpoints.telegram.updatePreferences>;

export function updateTelegramPreferences(request: UpdateTelegramPreferencesInput) {
  return callEndpoint(endpoints.telegram.updatePreferences, request);
}

/** Which notifications stay out of Telegram; the answer is the link with the saved list. */
export function useUpdateTelegramPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTelegramPreferences,
    onSuccess: (link) => queryClient.setQueryData(telegramKeys.link(), link),
  });
}
