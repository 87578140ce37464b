import { useRouteError } from 'react-router';
import { routeErrorMessage } from './route-error-message';

/**
 * The error page of the entry itself, for when the app's own code (the UI kit, the providers) did not
 * load: it cannot use them, so it is plain HTML with inline styles.
 */
export function BootError() {
  const { title, text } = routeErrorMessage(useRouteError());
  return (
    <main style={{ maxWidth: 560, margin: '80px auto', padding: '0 16px', textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 28, margin: '0 0 12px' }}>{title}</h1>
      <p style={{ color: '#495057', margin: '0 0 20px', lineHeight: 1.5 }}>{text}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{
          font: 'inherit',
          fontWeight: 600,
          color: '#fff',
          background: '#3b5bdb',
          border: 0,
          borderRadius: 8,
          padding: '10px 18px',
          cursor: 'pointer',
        }}
      >
        Обновить страницу
      </button>
    </main>
  );
}
