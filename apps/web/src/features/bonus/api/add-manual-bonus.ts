import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys } from './keys';

export type AddManualBonusInput = EndpointRequest<typeof endpoints.bonus.manual>;

export function addManualBonus(request: AddManualBonusInput) {
  return callEndpoint(endpoints.bonus.manual, request);
}

/** Credits or debits one client's bonuses with a comment; the client's card is read again. */
export function useAddManualBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addManualBonus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusKeys.ledger }),
  });
}
