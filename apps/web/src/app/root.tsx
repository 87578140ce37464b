import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import type { RouteHandle } from '@/config/routes';
import { usePublicSettings } from '@/features/site';
import { startErrorReporting } from '@/lib/error-reporting';
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

/** Error reporting starts once the server says where to report (it is off without a DSN). */
function useErrorReporting() {
  const settings = usePublicSettings();
  useEffect(() => {
    if (settings) void startErrorReporting(settings);
  }, [settings]);
}

/** Once a signed-out user arrives where they were sent, guests are sent to sign-in as usual again. */
function useExitReached() {
  const { pathname } = useLocation();
  const { exitTo } = useSession();
  useEffect(() => {
    if (exitTo && pathname === exitTo) exitReached();
  }, [pathname, exitTo]);
}

/** The root view: only the page outlet; toasts, dialogs and the progress bar live in the provider. */
export function Root() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => navigate(to)), [navigate]);
  useRouteTitle();
  useErrorReporting();
  useExitReached();
  return <Outlet />;
}
