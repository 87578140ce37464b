// The core styles are loaded by main.tsx, first; the date pickers' and tables' with the pages using them.
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { type DehydratedState, hydrate, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, lazy, type ReactNode, Suspense, useContext, useState } from 'react';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { toastServerError } from '@/lib/toasts';
import { Dialogs } from './dialogs';
import { cssVariablesResolver, theme } from './theme';

// Any 401 means the session is gone: the user is signed out locally and lands on Main. The accounts
// feature loads then, so the API contract it calls is not part of every page's first load.
setUnauthorizedHandler(() => void import('./session-actions').then((actions) => actions.endLostSession()));

/**
 * A failed read shows the error toast, unless its page shows the error itself (meta.isErrorShown).
 * Writes show theirs where they are sent (forms through useFormSubmit, one-click actions through
 * runAction), because only there is it known whether the page also shows the message inline.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => (query.meta?.isErrorShown ? undefined : toastServerError(error)) }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

/**
 * The data a server-rendered page was rendered with goes into the cache before hydrating, so the
 * page hydrates as it was rendered. The server keeps a rendered page a few seconds, so the answered
 * function reads the page's data again in the background once hydrated: the same data changes nothing
 * on the screen, newer data shows, and a failed read says so as on any page.
 */
export function hydrateQueryCache(state: DehydratedState): () => void {
  hydrate(queryClient, state);
  const hashes = new Set(state.queries.map((query) => query.queryHash));
  return () => void queryClient.invalidateQueries({ predicate: (query) => hashes.has(query.queryHash) });
}

/**
 * On the server each request renders with a cache of its own (entry-server.tsx), never the
 * browser's one above, which would carry one visitor's page into the next.
 */
const RequestQueryClient = createContext<QueryClient | null>(null);
export const RequestQueryClientProvider = RequestQueryClient.Provider;

const ToastsHost = lazy(() => import('./toasts-host'));

/**
 * Toasts are shown through the notifications store (lib/toasts.ts); the component that draws them
 * (with its animations) loads with the first toast, which then appears as soon as it is there.
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [isUsed, setUsed] = useState(false);
  if (!isUsed && notifications.length + queue.length > 0) setUsed(true);
  return isUsed ? (
    <Suspense fallback={null}>
      <ToastsHost />
    </Suspense>
  ) : null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const client = useContext(RequestQueryClient) ?? queryClient;
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={client}>
        {/* Fixed at the top of the page by itself; a portal would mount in a second, blocking render right after hydration. */}
        <NavigationProgress aria-label="Загрузка страницы" withinPortal={false} />
        <Toasts />
        <Dialogs />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
