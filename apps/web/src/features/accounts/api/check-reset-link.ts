import { endpoints } from '@vmeste/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export function checkResetLink(id: string) {
  return callEndpoint(endpoints.auth.checkResetLink, { params: { id } });
}

/** Checks the link as its page opens; the page shows a failed check itself (meta.isErrorShown). */
export function useResetLinkCheck(id: string) {
  return useQuery({
    queryKey: ['auth', 'reset-link', id],
    queryFn: () => checkResetLink(id),
    staleTime: 0,
    gcTime: 0,
    meta: { isErrorShown: true },
  });
}
