import { describe, expect, it } from 'vitest';
import { hasFilters, paymentFiltersOf, withFilters } from './payment-filters';

const PURCHASE = '6f1c2a4e-8b1d-4c3e-9a7f-0123456789ab';

describe('paymentFiltersOf', () => {
  it('reads every filter and the page from the address', () => {
    const params = new URLSearchParams({
      status: 'awaiting_check',
      method: 'transfer',
      purchaseId: PURCHASE,
      from: '2026-05-01',
      to: '2026-05-31',
      phone: '+7 (900) 000',
      page: '3',
    });
    expect(paymentFiltersOf(params)).toEqual({
      status: 'awaiting_check',
      method: 'transfer',
      purchaseId: PURCHASE,
      from: '2026-05-01',
      to: '2026-05-31',
      phone: '7900000',
      page: 3,
    });
  });

  it('drops what the server would refuse and keeps a period only whole, in order', () => {
    expect(paymentFiltersOf(new URLSearchParams('status=paid&method=bitcoin&purchaseId=42&from=2026-05-01&page=-1'))).toEqual({ page: 1 });
    expect(paymentFiltersOf(new URLSearchParams('from=2026-05-31&to=2026-05-01'))).toMatchObject({ from: '2026-05-01', to: '2026-05-31' });
    expect(paymentFiltersOf(new URLSearchParams('phone=abc'))).toEqual({ page: 1 });
  });
});

describe('withFilters', () => {
  it('sets and removes filters and returns to the first page', () => {
    const params = new URLSearchParams('status=pending&page=4');
    const next = withFilters(params, { method: 'card', status: null });
    expect(next.toString()).toBe('method=card');
    expect(params.toString()).toBe('status=pending&page=4');
  });

  it('keeps the filters when only the page changes', () => {
    expect(withFilters(new URLSearchParams('status=pending'), { page: '2' }).toString()).toBe('status=pending&page=2');
  });
});

describe('hasFilters', () => {
  it('does not count the page as a filter', () => {
    expect(hasFilters({ page: 5 })).toBe(false);
    expect(hasFilters({ page: 1, phone: '900' })).toBe(true);
  });
});
