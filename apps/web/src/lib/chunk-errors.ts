const RELOADED_KEY = 'vmeste:chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(message);
}

/** Loads in flight whose callers handle a failure themselves (see `importSoftly`). */
let softLoads = 0;

/**
 * Loads a module a page can do without for a while, such as a form's schema (decision 039): when the
 * connection drops, the caller gets the error and carries on (the server checks the form instead),
 * and the page is not reloaded, which would throw away what the client has typed.
 */
export async function importSoftly<T>(load: () => Promise<T>): Promise<T> {
  softLoads += 1;
  try {
    return await load();
  } finally {
    softLoads -= 1;
  }
}

/**
 * Vite raises `vite:preloadError` when a lazily loaded page's file is gone (a new release replaced
 * it). Reload once to fetch the new index.html; a second failure within a minute shows the error page.
 * While a soft load is in flight (until it loads or fails, however long a dead connection takes) any
 * failure is left to the caller: a page's own file failing meanwhile shows the error page, whose
 * button reloads. A soft load does not know its file's hashed name, so the skip cannot be narrower.
 */
export function installChunkErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (softLoads > 0) return;
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    event.preventDefault();
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    window.location.reload();
  });
}
