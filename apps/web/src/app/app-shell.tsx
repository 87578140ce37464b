import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { SandboxPaymentBanner } from '@/features/payments';
import { usePublicSettings } from '@/features/site';
import { startErrorReporting } from '@/lib/error-reporting';
import { AppProvider } from './provider';
import { RouteError } from './route-error';

/** Error reporting starts once the server says where to report (it is off without a DSN). */
function useErrorReporting() {
  const settings = usePublicSettings();
  useEffect(() => {
    if (settings) void startErrorReporting(settings);
  }, [settings]);
}

function AppOutlet() {
  useErrorReporting();
  return (
    <>
      <Outlet />
      <SandboxPaymentBanner />
    </>
  );
}

/**
 * What every page needs beyond routing: the UI kit's provider, the query cache, toasts, dialogs and
 * the loading bar. It is part of the entry: every page needs it (decision 037).
 */
export function AppShell() {
  return (
    <AppProvider>
      <AppOutlet />
    </AppProvider>
  );
}

/** A page that failed to render or whose code failed to load, shown in the app's look. */
export function AppShellError() {
  return (
    <AppProvider>
      <RouteError />
    </AppProvider>
  );
}
