import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys } from './keys';

export function getMyBonus() {
  return callEndpoint(endpoints.bonus.my);
}

export const myBonusQueryOptions = () => queryOptions({ queryKey: bonusKeys.my(), queryFn: getMyBonus });

/**
 * The client's bonus account: balance, what expires soonest, own cashback, invited friends. Off where
 * nobody signed in can ask (the payment by a link), so a guest is never signed out by a 401.
 */
export function useMyBonus({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...myBonusQueryOptions(), enabled: isEnabled });
}
