import { endpoints, onlinePaymentMethods, type Payment } from '@vmeste/contract';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentsKeys } from './keys';

/** How often «Результат оплаты» asks again while the bank has not answered. */
export const PAYMENT_POLL_INTERVAL_MS = 2000;

export function getPayment(id: string) {
  return callEndpoint(endpoints.payments.get, { params: { id } });
}

type Options = { initialData?: Payment; isPolledWhilePending?: boolean };

/**
 * A payment by its unguessable id. The page shows a missing payment itself (meta.isErrorShown). With
 * `isPolledWhilePending`, an online payment is asked again every 2 s until its status is final.
 */
export const paymentQueryOptions = (id: string, { initialData, isPolledWhilePending = false }: Options = {}) =>
  queryOptions({
    queryKey: paymentsKeys.byId(id),
    queryFn: () => getPayment(id),
    enabled: Boolean(id),
    retry: false,
    meta: { isErrorShown: true },
    ...(initialData ? { initialData } : {}),
    // Only an online payment changes by itself (the provider's notification); a transfer waits for people.
    refetchInterval: (query) => {
      const payment = query.state.data;
      const isWaitingForBank = payment?.status === 'pending' && onlinePaymentMethods.includes(payment.method);
      return isPolledWhilePending && isWaitingForBank ? PAYMENT_POLL_INTERVAL_MS : false;
    },
  });

export function usePayment(id: string, options?: Options) {
  return useQuery(paymentQueryOptions(id, options));
}

/** Several payments by id at once (those started from an order page, remembered in this browser). */
export function usePaymentsByIds(ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => paymentQueryOptions(id)) });
}
