import { type CashbackPurchase, endpoints, type EndpointRequest } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderFlowKey } from '@/lib/query-keys';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys } from './keys';

export type SetPurchaseExcludedInput = EndpointRequest<typeof endpoints.bonus.setPurchaseExcluded>;
type PurchasesPage = { items: CashbackPurchase[]; total: number };

export function setPurchaseExcluded(request: SetPurchaseExcludedInput) {
  return callEndpoint(endpoints.bonus.setPurchaseExcluded, request);
}

/**
 * Takes a purchase out of the cashback or puts it back. The answered purchase replaces its row on
 * every loaded page at once; then everything about purchases is read again (the purchases table shows
 * the mark, and a page filtered to the excluded ones may lose the row).
 */
export function useSetPurchaseExcluded() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPurchaseExcluded,
    onSuccess: (purchase) => {
      queryClient.setQueriesData<PurchasesPage>(
        { queryKey: bonusKeys.purchasesRoot() },
        (page) => page && { ...page, items: page.items.map((p) => (p.id === purchase.id ? purchase : p)) },
      );
      return queryClient.invalidateQueries({ queryKey: orderFlowKey });
    },
  });
}
