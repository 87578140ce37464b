import { readStored, storageKeys, writeStored } from '@/lib/storage';

/** Enough to find the open payment and the latest failed one again. */
const KEPT = 10;

const keyOf = (orderId: string) => `${storageKeys.orderPayments}:${orderId}`;

/**
 * The payments started from an order's page in this browser, newest first. Whoever pays by link may
 * have no account, so this is how the page finds a transfer waiting for its receipt after a reload.
 */
export function startedPaymentIdsOf(orderId: string): string[] {
  const stored = readStored<unknown>(keyOf(orderId));
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

export function rememberStartedPayments(orderId: string, paymentIds: string[]): string[] {
  const ids = [...new Set([...paymentIds, ...startedPaymentIdsOf(orderId)])].slice(0, KEPT);
  writeStored(keyOf(orderId), ids);
  return ids;
}
