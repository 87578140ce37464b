import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import type { RouteHandle } from '@/config/routes';
import { endHydration } from '@/lib/hydration';
import { setNavigator } from '@/lib/navigation';
import { exitReached, useSession } from '@/lib/session';

/** Sets the page title from the deepest route that has one, on every navigation. */
function useRouteTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  useEffect(() => {
    if (title?.title) document.title = title.title;
  }, [title?.title]);
}

/** Once a signed-out user arrives where they were sent, guests are sent to sign-in as usual again. */
function useExitReached() {
  const { pathname } = useLocation();
  const { exitTo } = useSession();
  useEffect(() => {
    if (exitTo && pathname === exitTo) exitReached();
  }, [pathname, exitTo]);
}

/**
 * The root view: only the page outlet. Toasts, dialogs and the progress bar live in the provider,
 * which the app shell (app-shell.tsx) brings.
 */
export function Root() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => navigate(to)), [navigate]);
  // The first commit is over: values of this browser may show from now on (lib/hydration.ts).
  useEffect(() => endHydration(), []);
  useRouteTitle();
  useExitReached();
  return <Outlet />;
}
