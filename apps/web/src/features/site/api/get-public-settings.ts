import { systemEndpoints } from '@vmeste/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { siteKeys } from './keys';

// Called by every public page: its group is imported rather than `endpoints`, which would bring every
// declaration of the API into the first page's code.
export function getPublicSettings() {
  return callEndpoint(systemEndpoints.publicSettings);
}

/** Configured on the server and fixed while it runs, so read once per visit. */
export const publicSettingsQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.publicSettings(), queryFn: getPublicSettings, staleTime: Infinity });

/** Company details for the public pages and footer; undefined until they arrive. */
export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions()).data;
}
