import { describe, expect, it } from 'vitest';
import { errorReportingOptions, startErrorReporting } from './error-reporting';

describe('error reporting', () => {
  it('is off without a DSN', async () => {
    await expect(startErrorReporting({ sentryDsn: null })).resolves.toBe(false);
  });

  it('samples as the specification says when on', () => {
    expect(errorReportingOptions).toEqual({
      environment: 'production',
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });
});
