import { endpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { bonusKeys } from './keys';

export function getBonusSettings() {
  return callEndpoint(endpoints.bonus.settings);
}

export const bonusSettingsQueryOptions = () => queryOptions({ queryKey: bonusKeys.settings(), queryFn: getBonusSettings });

/** The bonus programme's settings in force and every earlier version. */
export function useBonusSettings() {
  return useQuery(bonusSettingsQueryOptions());
}
