import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogisticsSummaryCards } from './logistics-summary-cards';
import { renderInApp, stubApi } from '../test/logistics-test-kit';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));

afterEach(() => vi.unstubAllGlobals());

describe('LogisticsSummaryCards', () => {
  it('shows each count with its note and opens the stage’s list', async () => {
    stubApi(({ path }) =>
      path === '/logistics/summary'
        ? {
            body: {
              awaitingInvoice: 4,
              invoiced: 2,
              oldestUnpaidDays: 3,
              toShip: 1,
              stalled: 2,
              stalledDays: 5,
              shipped: 7,
              readyForPickup: 0,
            },
          }
        : undefined,
    );
    renderInApp(<LogisticsSummaryCards />);

    const unpaid = await screen.findByTestId('summary-invoiced');
    expect(unpaid.textContent).toBe('Счёт не оплачен2самому старому 3 дня');
    expect(unpaid.getAttribute('href')).toBe('/logistician/invoices?stage=invoiced');
    expect(screen.getByTestId('summary-stalled').textContent).toContain('дольше 5 дней');
    expect(screen.getByTestId('summary-to_ship').textContent).toContain('К отправке1');
    expect(screen.getByTestId('summary-ready_for_pickup').getAttribute('href')).toBe('/logistician/invoices?stage=ready_for_pickup');
  });
});
