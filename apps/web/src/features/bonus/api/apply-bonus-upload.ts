import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys } from './keys';

export type ApplyBonusUploadInput = EndpointRequest<typeof endpoints.bonus.applyUpload>;

export function applyBonusUpload(request: ApplyBonusUploadInput) {
  return callEndpoint(endpoints.bonus.applyUpload, request);
}

/** Applies an accrual table (all rows or none); the uploads' history and the balances are read again. */
export function useApplyBonusUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBonusUpload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusKeys.ledger }),
  });
}
