import { endpoints } from '@vmeste/contract';
import { routes } from '@/config/routes';
import { callEndpoint } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { clearSession, getSession } from '@/lib/session';

/** Forget the session and go to Main; the guards follow `exitTo` rather than sending to sign-in. */
function leaveToMain(): void {
  clearSession(routes.Main.path);
  void navigateTo(routes.Main.path);
}

/** Logout: the server revokes the session, then the user lands on Main with nothing stored. */
export async function logout(): Promise<void> {
  if (getSession().token) {
    try {
      await callEndpoint(endpoints.auth.logout);
    } catch {
      // The session may already be gone on the server; signing out locally is what matters.
    }
  }
  leaveToMain();
}

/** After a 401 the session is gone: sign out locally only, since calling the server again would 401 again. */
export function endLostSession(): void {
  if (getSession().token) leaveToMain();
}
