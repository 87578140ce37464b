// The UI kit's base styles come first, before any page's own styles, whichever chunk brings those.
import './mantine-styles';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { hydrateQueryCache } from '@/app/provider';
import { routeTree } from '@/app/router';
import { installChunkErrorHandler } from '@/lib/chunk-errors';
import { HYDRATED_ATTRIBUTE, onHydrated, startHydration } from '@/lib/hydration';
import { readServerRenderedState, type ServerRenderedState } from '@/lib/server-rendered';

installChunkErrorHandler();

/**
 * A page the server rendered (decision 036) hydrates: the opened route's lazy modules are loaded
 * first, so the router starts with the same tree the server rendered instead of its loading
 * fallback, and the query cache gets the data the server rendered with, read again once hydrated.
 */
async function hydrate(root: HTMLElement, state: ServerRenderedState) {
  // Not in the task that evaluated the scripts (the longest of the page): matching the routes and
  // asking for the route's modules start in the next one.
  await yieldToBrowser();
  const matches = matchRoutes(routeTree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  // Each step in a task of its own: the page is painted and a tap on it is answered between them, where
  // one long task would keep it waiting (total blocking time), on a phone for a few hundred milliseconds.
  await yieldToBrowser();
  onHydrated(hydrateQueryCache(state.queries));
  const router = createBrowserRouter(routeTree, { hydrationData: state.router });
  await yieldToBrowser();
  startHydration();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a tap on the painted page is not kept waiting (total blocking time).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

/** Lets the browser run what waits (a tap, a paint) before going on: `scheduler.yield` where there is one. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

function renderHere(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routeTree)} />
    </StrictMode>,
  );
}

const root = document.getElementById('root')!;
const serverState = readServerRenderedState();
if (serverState) {
  hydrate(root, serverState).catch(() => {
    // A chunk that would not load: the page the server sent stays readable; render it here instead.
    root.replaceChildren();
    renderHere(root);
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  });
} else {
  renderHere(root);
}
