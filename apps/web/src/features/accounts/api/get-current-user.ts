import { endpoints } from '@vmeste/contract';
import { useEffect } from 'react';
import { callEndpoint } from '@/lib/api-client';
import { saveUser } from '@/lib/session';

export function getCurrentUser() {
  return callEndpoint(endpoints.users.me);
}

/**
 * Reads the signed-in account again and stores it in the session. The user lives in the session
 * store rather than the query cache because the guards read it synchronously on every navigation.
 */
export async function reloadCurrentUser() {
  const user = await getCurrentUser();
  saveUser(user);
  return user;
}

/** Reloads the current user when a cabinet opens, so a role or name changed by an admin shows at once. */
export function useReloadCurrentUserOnOpen(): void {
  useEffect(() => {
    // A failure needs no toast: a 401 signs the user out, anything else leaves the stored user in place.
    void reloadCurrentUser().catch(() => {});
  }, []);
}
