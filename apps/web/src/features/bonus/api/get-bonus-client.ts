import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys } from './keys';

export function getBonusClient(phone: string) {
  return callEndpoint(endpoints.bonus.client, { query: { phone } });
}

export const bonusClientQueryOptions = (phone: string) =>
  queryOptions({ queryKey: bonusKeys.client(phone), queryFn: () => getBonusClient(phone) });

/** A client by a whole phone number (`79001234567`): name, balance, latest rows; nothing is asked for null. */
export function useBonusClient(phone: string | null) {
  return useQuery({ ...bonusClientQueryOptions(phone ?? ''), enabled: phone !== null });
}
