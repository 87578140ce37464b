import { useEffect, useRef } from 'react';
import { Navigate, Outlet } from 'react-router';
import { type Access, UNKNOWN_ROLE_MESSAGE } from '@/config/routes';
import { decideAccess } from '@/lib/access';
import { useSession } from '@/lib/session';

/** Renders the routes below it only for whom `access` allows; everyone else is sent where section 4 says. */
export function Guard({ access }: { access: Access }) {
  const { user, exitTo } = useSession();
  const decision = decideAccess(access, user);
  if (decision.kind === 'redirect') return <Navigate to={!user && exitTo ? exitTo : decision.to} replace />;
  if (decision.kind === 'unknown-role') return <UnknownRole />;
  return <Outlet />;
}

/** A role without an area (organizer, merchandiser): the alert of the specification, then sign-out. */
function UnknownRole() {
  const isShown = useRef(false);
  useEffect(() => {
    if (isShown.current) return;
    isShown.current = true;
    window.alert(UNKNOWN_ROLE_MESSAGE);
    void import('./session-actions').then(({ logout }) => logout());
  }, []);
  return null;
}
