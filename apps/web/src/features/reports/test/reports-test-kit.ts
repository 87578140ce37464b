import type { ClientReportCharts, ClientReportPage, ClientReportRow, ClientReportTotals } from '@vmeste/contract';

// Sample data of the reports feature's tests, in the contract's shapes.

export { type ApiCall, renderInApp, stubApi } from '@/lib/test-api';

/** Spaces as Intl writes them in money: a no-break space between groups and before ₽. */
export const SPACE = '[\\s\\u00a0\\u202f]';

/** A money text as a pattern that ignores the kind of space: money('1 234,56') matches `1 234,56 ₽`. */
export function moneyPattern(text: string): RegExp {
  return new RegExp(`^${text.replace(/ /g, SPACE)}${SPACE}₽$`);
}

export const PURCHASE_ID = '00000000-0000-4000-8000-000000000042';

export function sampleRow(overrides: Partial<ClientReportRow> = {}): ClientReportRow {
  return {
    phone: '79001234567',
    name: 'Иванова Мария',
    registeredAt: '2026-01-15T09:00:00.000Z',
    ordersCount: 3,
    goodsKopecks: 1_234_56,
    paidKopecks: 1_000_00,
    dueKopecks: 234_56,
    bonusBalanceKopecks: 50_00,
    cashbackKopecks: 61_73,
    referralsCount: 2,
    lastOrderAt: '2026-05-04T10:00:00.000Z',
    ...overrides,
  };
}

export function sampleTotals(overrides: Partial<ClientReportTotals> = {}): ClientReportTotals {
  return {
    clients: 21,
    ordersCount: 42,
    goodsKopecks: 123_456_78,
    paidKopecks: 100_000_00,
    dueKopecks: 23_456_78,
    bonusBalanceKopecks: 5_000_00,
    cashbackKopecks: 6_172_84,
    referralsCount: 7,
    ...overrides,
  };
}

export function samplePage(overrides: Partial<ClientReportPage> = {}): ClientReportPage {
  return { items: [sampleRow()], total: 1, totals: sampleTotals(), ...overrides };
}

export function sampleCharts(overrides: Partial<ClientReportCharts> = {}): ClientReportCharts {
  return {
    from: '2026-04-27',
    to: '2026-05-10',
    weeks: [
      { weekStart: '2026-04-27', newClients: 3, revenueKopecks: 150_000_00 },
      { weekStart: '2026-05-04', newClients: 1, revenueKopecks: 20_500_50 },
    ],
    ...overrides,
  };
}
