const RELOADED_KEY = 'vmeste:chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(message);
}

/**
 * Vite raises `vite:preloadError` when a lazily loaded page's file is gone (a new release replaced
 * it). Reload once to fetch the new index.html; a second failure within a minute shows the error page.
 */
export function installChunkErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    event.preventDefault();
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    window.location.reload();
  });
}
