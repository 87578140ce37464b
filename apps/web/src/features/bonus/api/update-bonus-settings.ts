import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys } from './keys';

export type UpdateBonusSettingsInput = EndpointRequest<typeof endpoints.bonus.updateSettings>;

export function updateBonusSettings(request: UpdateBonusSettingsInput) {
  return callEndpoint(endpoints.bonus.updateSettings, request);
}

/** Saves a new version of the settings; the answer is the page with it on top of the history. */
export function useUpdateBonusSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBonusSettings,
    onSuccess: (page) => queryClient.setQueryData(bonusKeys.settings(), page),
  });
}
