import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { logisticsKeys } from './keys';

export type SaveBoxberrySettingsInput = EndpointRequest<typeof endpoints.delivery.saveBoxberrySettings>;

export function saveBoxberrySettings(request: SaveBoxberrySettingsInput) {
  return callEndpoint(endpoints.delivery.saveBoxberrySettings, request);
}

/** Saves the settings; the answer (token masked) replaces the loaded ones. */
export function useSaveBoxberrySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBoxberrySettings,
    onSuccess: (settings) => queryClient.setQueryData(logisticsKeys.boxberrySettings(), settings),
  });
}
