import type { PaymentAction, PaymentHistoryEntry } from '@vmeste/contract';

const actorsWithoutAccount: Partial<Record<PaymentAction, string>> = {
  created: 'Клиент',
  receipt_uploaded: 'Клиент',
  abandoned: 'Клиент',
  provider_succeeded: 'Платёжный сервис',
  provider_canceled: 'Платёжный сервис',
  amount_mismatch: 'Платёжный сервис',
  expired: 'Магазин (автоматически)',
};

/** Who did it: the staff member's name, else who such an action comes from (the client by link, the provider, a job). */
export function historyActorOf(entry: Pick<PaymentHistoryEntry, 'action' | 'actorName'>): string {
  return entry.actorName ?? actorsWithoutAccount[entry.action] ?? 'Магазин';
}

/** The entries in the order they happened, whatever order they came in. */
export function chronological<T extends { at: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
