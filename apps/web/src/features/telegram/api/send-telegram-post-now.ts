import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys } from './keys';

export type SendTelegramPostNowInput = EndpointRequest<typeof endpoints.telegram.sendPostNow>;

export function sendTelegramPostNow(request: SendTelegramPostNowInput) {
  return callEndpoint(endpoints.telegram.sendPostNow, request);
}

/** Sends a scheduled post at once (a repeating one keeps its schedule); the list and statistics change. */
export function useSendTelegramPostNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTelegramPostNow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramKeys.all }),
  });
}
