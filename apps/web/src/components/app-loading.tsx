/**
 * What the first paint shows while the opened page's code loads (the router's hydrate fallback). It is
 * part of the entry, which carries no UI kit, so it is plain markup: an SVG spinner in the theme's
 * indigo. The spinner fades in late, so a fast load shows nothing at all instead of a flash.
 */
export function AppLoading() {
  return (
    <div
      role="status"
      aria-label="Загрузка страницы"
      style={{
        minHeight: '60dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        animation: 'app-loading-in 0.2s ease-in 0.4s both',
      }}
    >
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
        <circle cx="18" cy="18" r="15" fill="none" stroke="#dbe4ff" strokeWidth="4" />
        <path d="M18 3a15 15 0 0 1 15 15" fill="none" stroke="#4263eb" strokeWidth="4" strokeLinecap="round">
          <animateTransform attributeName="transform" type="rotate" from="0 18 18" to="360 18 18" dur="0.8s" repeatCount="indefinite" />
        </path>
      </svg>
    </div>
  );
}
