import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type Access, UNKNOWN_ROLE_MESSAGE } from '@/config/routes';
import { decideAccess, redirectTargetOf } from '@/lib/access';
import { useIsHydrated } from '@/lib/hydration';
import { useSession } from '@/lib/session';

/**
 * Renders the routes below it only for whom `access` allows; everyone else is sent where section 4
 * says, keeping the page asked for through sign-in (`redirectTargetOf`). A user who just signed out
 * or lost the session (a 401) goes to where the sign-out sent them, the main page.
 *
 * The server and a hydrating page do not know who is signed in: a page for signed-in users then
 * renders as its frame (the layout, the title, the loading blocks; no data is read there), painted
 * before any script runs, and is decided right after hydration like any other (decision 036).
 */
export function Guard({ access }: { access: Access }) {
  const { user, exitTo } = useSession();
  // Who is signed in is in this browser's storage: unknown to the server and until hydrated.
  const isSessionKnown = useIsHydrated();
  const location = useLocation();
  const decision = decideAccess(access, user);
  if (!isSessionKnown && decision.kind === 'redirect') return <Outlet />;
  if (decision.kind === 'redirect') {
    return <Navigate to={!user && exitTo ? exitTo : redirectTargetOf(decision, user, location)} replace />;
  }
  if (decision.kind === 'unknown-role') return <UnknownRole />;
  return <Outlet />;
}

/**
 * A role without an area (organizer, merchandiser): the alert of the specification, then sign-out to
 * the main page, where a warning says the same, so it is seen even where the browser's alert is not.
 */
function UnknownRole() {
  const isShown = useRef(false);
  useEffect(() => {
    if (isShown.current) return;
    isShown.current = true;
    window.alert(UNKNOWN_ROLE_MESSAGE);
    void import('./session-actions').then(async ({ logout, toast }) => {
      await logout();
      toast.warning(`${UNKNOWN_ROLE_MESSAGE}: для этой роли на сайте нет раздела, вы вышли из аккаунта`, UNKNOWN_ROLE_TOAST_MS);
    });
  }, []);
  return null;
}

const UNKNOWN_ROLE_TOAST_MS = 8000;
