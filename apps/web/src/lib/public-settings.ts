import type { PublicSettings } from '@vmeste/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const publicSettingsQuery = {
  queryKey: ['settings', 'public'],
  queryFn: () => api.get<PublicSettings>('/settings/public'),
  staleTime: Infinity,
};

/** Company details for the public pages and footer; configured on the server. */
export function usePublicSettings(): PublicSettings | undefined {
  return useQuery(publicSettingsQuery).data;
}
