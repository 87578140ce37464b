import { endpoints } from '@vmeste/contract';
import { callEndpoint } from '@/lib/api-client';

/**
 * Address suggestions through the shop's server (the suggestion service's key never reaches the
 * browser). The address field asks as the client types and drops answers it no longer needs, so this
 * is a plain call with an abort signal rather than a cached query.
 */
export function suggestAddress(query: string, signal?: AbortSignal) {
  return callEndpoint(endpoints.delivery.suggestAddress, { body: { query } }, signal ? { signal } : {});
}
