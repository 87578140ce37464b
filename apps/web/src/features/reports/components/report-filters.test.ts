import { describe, expect, it } from 'vitest';
import { exportQueryOf, filterQueryOf, hasFilters, pageQueryOf, reportFiltersOf, withChanges, withoutFilters } from './report-filters';

const ID = '00000000-0000-4000-8000-000000000042';

describe('report filters in the address', () => {
  it('reads the defaults from an empty address', () => {
    const filters = reportFiltersOf(new URLSearchParams());
    expect(filters).toEqual({ onlyDue: false, sort: 'lastOrderAt', order: 'desc', page: 1, pageSize: 25 });
    expect(hasFilters(filters)).toBe(false);
    expect(pageQueryOf(filters)).toEqual({ sort: 'lastOrderAt', order: 'desc', page: 1, pageSize: 25 });
  });

  it('reads every filter and drops what the server would refuse', () => {
    const filters = reportFiltersOf(
      new URLSearchParams(
        `from=2026-05-31&to=2026-05-01&purchaseId=${ID}&q=%20Иванова%20&onlyDue=true&sort=dueKopecks&order=asc&page=3&pageSize=100`,
      ),
    );
    expect(filters).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      purchaseId: ID,
      q: 'Иванова',
      onlyDue: true,
      sort: 'dueKopecks',
      order: 'asc',
      page: 3,
      pageSize: 100,
    });
    expect(filterQueryOf(filters)).toEqual({ from: '2026-05-01', to: '2026-05-31', purchaseId: ID, q: 'Иванова', onlyDue: 'true' });
    expect(exportQueryOf(filters)).toMatchObject({ sort: 'dueKopecks', order: 'asc' });
    expect(exportQueryOf(filters)).not.toHaveProperty('page');

    const bad = reportFiltersOf(new URLSearchParams('from=май&purchaseId=42&sort=password&order=up&page=-1&pageSize=30'));
    expect(bad).toEqual({ onlyDue: false, sort: 'lastOrderAt', order: 'desc', page: 1, pageSize: 25 });
  });

  it('goes back to the first page when anything but the page changes', () => {
    const params = new URLSearchParams('q=ива&page=4&sort=name');
    expect(withChanges(params, { page: '5' }).toString()).toBe('q=%D0%B8%D0%B2%D0%B0&page=5&sort=name');
    expect(withChanges(params, { onlyDue: 'true' }).get('page')).toBeNull();
    expect(withChanges(params, { pageSize: '25' }).has('pageSize')).toBe(false);
    expect(withChanges(params, { q: null }).has('q')).toBe(false);
  });

  it('clears the filters and keeps the order and the page size', () => {
    const params = new URLSearchParams(
      `q=ива&onlyDue=true&purchaseId=${ID}&from=2026-05-01&to=2026-05-31&sort=name&order=asc&pageSize=50&page=2`,
    );
    expect(withoutFilters(params).toString()).toBe('sort=name&order=asc&pageSize=50');
  });
});
