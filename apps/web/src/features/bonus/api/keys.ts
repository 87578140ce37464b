import type { endpoints, EndpointRequest } from '@vmeste/contract';
import { orderFlowKey } from '@/lib/query-keys';

export type BonusHistoryQuery = EndpointRequest<typeof endpoints.bonus.myHistory>['query'];
export type CashbackPurchasesQuery = EndpointRequest<typeof endpoints.bonus.purchases>['query'];
export type BonusUploadsQuery = EndpointRequest<typeof endpoints.bonus.uploads>['query'];

/**
 * Balances move with payments (bonuses spent, cashback, refunds to bonuses), so everything read from
 * the ledger is keyed under `orderFlowKey`, like orders and payments: a payment's invalidation of
 * `orderFlowKey` refreshes the balance too. The purchases' «без кешбэка» mark is there as well,
 * since the purchases table shows it. The settings and the custom rates change with nothing else.
 */
export const bonusKeys = {
  ledger: [...orderFlowKey, 'bonus'] as const,
  my: () => [...bonusKeys.ledger, 'my'] as const,
  myHistory: (query: BonusHistoryQuery) => [...bonusKeys.ledger, 'my-history', query] as const,
  client: (phone: string) => [...bonusKeys.ledger, 'client', phone] as const,
  uploadsRoot: () => [...bonusKeys.ledger, 'uploads'] as const,
  uploads: (query: BonusUploadsQuery) => [...bonusKeys.uploadsRoot(), 'list', query] as const,
  upload: (id: string) => [...bonusKeys.uploadsRoot(), 'one', id] as const,
  purchasesRoot: () => [...bonusKeys.ledger, 'purchases'] as const,
  purchases: (query: CashbackPurchasesQuery) => [...bonusKeys.purchasesRoot(), query] as const,
  settings: () => ['bonus-settings'] as const,
  customRatesRoot: () => ['bonus-custom-rates'] as const,
  customRates: (q: string) => [...bonusKeys.customRatesRoot(), q] as const,
};
