import { endpoints } from '@vmeste/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export function getActivationStatus() {
  return callEndpoint(endpoints.auth.activationStatus);
}

/**
 * Whether a code is waiting (the sign-up sends one) and when another may be asked for. Read afresh
 * each time the page opens and forgotten when it closes: it belongs to this account at this moment.
 */
export function useActivationStatus() {
  return useQuery({ queryKey: ['auth', 'activation-status'], queryFn: getActivationStatus, staleTime: 0, gcTime: 0 });
}
