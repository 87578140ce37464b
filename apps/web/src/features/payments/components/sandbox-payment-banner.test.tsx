import type { PublicSettings } from '@vmeste/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/lib/test-api';
import { SandboxPaymentBanner } from './sandbox-payment-banner';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));

afterEach(() => vi.unstubAllGlobals());

function renderWith(paymentProvider: PublicSettings['paymentProvider']) {
  const calls = stubApi((call) =>
    call.path === '/settings/public' ? { body: { companyName: 'ИП Иванова', sentryDsn: null, paymentProvider } } : undefined,
  );
  renderInApp(<SandboxPaymentBanner />);
  return calls;
}

describe('SandboxPaymentBanner', () => {
  it('tells every page that payments are a test while the shop runs the sandbox', async () => {
    renderWith('sandbox');
    const banner = await screen.findByRole('note', { name: 'Тестовый режим оплаты' });
    expect(banner.textContent).toContain('Тестовый режим оплаты.');
    expect(banner.textContent).toContain('деньги не списываются');
    expect(banner.style.position).toBe('fixed');
  });

  it.each(['yookassa', null] as const)('is not there with %s', async (provider) => {
    const calls = renderWith(provider);
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/settings/public')).toBe(true));
    // Settled: the settings came and nothing was drawn.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(/Тестовый режим оплаты/)).toBeNull();
  });
});
