import { endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys } from './keys';

export type SetCustomCashbackInput = EndpointRequest<typeof endpoints.bonus.setCustomCashback>;

export function setCustomCashback(request: SetCustomCashbackInput) {
  return callEndpoint(endpoints.bonus.setCustomCashback, request);
}

/** Gives a client a cashback percent of their own, or (percent null) takes it away. */
export function useSetCustomCashback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCustomCashback,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bonusKeys.customRatesRoot() }),
        // The client's card on «Ручное начисление» shows the percent too.
        queryClient.invalidateQueries({ queryKey: [...bonusKeys.ledger, 'client'] }),
      ]),
  });
}
