import { endpoints } from '@vmeste/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { purchasesKeys } from './keys';

export function getPurchaseHistory(id: string) {
  return callEndpoint(endpoints.purchases.history, { params: { id } });
}

/** A purchase's audit log (the fee changes after collection), newest first; refetched after any purchase change. */
export function usePurchaseHistory(id: string) {
  return useQuery({ queryKey: [...purchasesKeys.one(id), 'history'], queryFn: () => getPurchaseHistory(id) });
}
