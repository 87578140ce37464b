import { endpoints } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys } from './keys';

export function unlinkTelegram() {
  return callEndpoint(endpoints.telegram.unlink);
}

/** Notifications go by SMS again; the overview's counts and the admin's test sends change with it. */
export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: (link) => {
      queryClient.setQueryData(telegramKeys.link(), link);
      return queryClient.invalidateQueries({ queryKey: telegramKeys.overview() });
    },
  });
}
