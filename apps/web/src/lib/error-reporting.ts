import type { PublicSettings } from '@vmeste/contract';

/** The specification's sampling: every trace, a tenth of sessions replayed, every session with an error. */
export const errorReportingOptions = {
  environment: 'production',
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

/** Error reporting is off unless the server configures a DSN; then Sentry loads as its own chunk. */
let isStarted = false;

export async function startErrorReporting(settings: Pick<PublicSettings, 'sentryDsn'>): Promise<boolean> {
  if (!settings.sentryDsn || isStarted) return false;
  isStarted = true;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: settings.sentryDsn,
    ...errorReportingOptions,
    // Replays never carry what clients typed or see: names, phones and addresses stay masked.
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true })],
  });
  return true;
}
