import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

export function getMoneyAudit() {
  return callEndpoint(endpoints.audit.money);
}

/** Under the payments' key: any payment action makes the last audit stale and it runs again. */
export const moneyAuditQueryOptions = () =>
  queryOptions({ queryKey: [...paymentsKeys.all, 'money-audit'] as const, queryFn: getMoneyAudit, staleTime: 0 });

/** «Сверка»: the money audit, recomputed on the server each time it is asked (docs/decisions/029). */
export function useMoneyAudit() {
  return useQuery(moneyAuditQueryOptions());
}
