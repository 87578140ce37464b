import type { BonusEntry, BonusSettings, BonusUploadRow, MyBonus } from '@vmeste/contract';

// Sample data of the bonus feature's tests, in the contract's shapes.

export { renderInApp, stubApi } from '@/lib/test-api';

let seq = 0;
/** A fresh uuid-shaped id, readable in a failing test's output. */
export function uuid(): string {
  seq += 1;
  return `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
}

/** Spaces as Intl writes them in money: a no-break space between groups and before ₽. */
export const SPACE = '[\\s\\u00a0\\u202f]';

export function sampleMyBonus(overrides: Partial<MyBonus> = {}): MyBonus {
  return {
    balanceKopecks: 123_456,
    expiring: { amountKopecks: 50_000, at: '2026-12-11T21:30:00.000Z' },
    cashbackPercent: 7.5,
    isCustomPercent: true,
    creditOn: 'delivery',
    spendCapPercent: 30,
    referral: { code: 'FRIEND42', referralPercent: 3, friendsCount: 3, earnedKopecks: 12_300 },
    ...overrides,
  };
}

export function sampleEntry(overrides: Partial<BonusEntry> = {}): BonusEntry {
  return {
    id: uuid(),
    at: '2026-03-02T09:00:00.000Z',
    kind: 'accrual',
    amountKopecks: 15_000,
    writtenOffKopecks: 0,
    description: 'Кешбэк 5 % за заказ №12',
    orderId: uuid(),
    orderNumber: 12,
    paymentId: uuid(),
    paymentNumber: 7,
    comment: '',
    ...overrides,
  };
}

export function sampleSettings(overrides: Partial<BonusSettings> = {}): BonusSettings {
  return {
    defaultPercent: 5,
    referralPercent: 3,
    spendCapPercent: 30,
    creditOn: 'delivery',
    expiryDays: null,
    since: '2026-01-10T09:00:00.000Z',
    changedBy: 'Петрова Анна',
    ...overrides,
  };
}

export function sampleUploadRow(overrides: Partial<BonusUploadRow> = {}): BonusUploadRow {
  return {
    line: 2,
    phone: '79001234567',
    clientName: 'Иванова Мария',
    amountKopecks: 15_000,
    comment: 'Конкурс',
    error: null,
    duplicateOf: null,
    ...overrides,
  };
}
