import { readStored, storageKeys, writeStored } from '@/lib/storage';

const keyOf = (paymentId: string) => `${storageKeys.payerToken}:${paymentId}`;

/**
 * A payment by order link answers with a token only this browser gets: the server takes the receipt
 * and the refusal of that payment only with it (anyone with the link may pay, not act for the payer).
 * Kept for good, like the order's started payments, so a reload or a return days later still works.
 */
export function rememberPayerToken(paymentIds: readonly string[], token: string | null): void {
  if (!token) return;
  for (const id of paymentIds) writeStored(keyOf(id), token);
}

/** The token to send with the payer's actions; undefined for payments from the cabinet (the session is enough). */
export function payerTokenOf(paymentId: string): string | undefined {
  const token = readStored<unknown>(keyOf(paymentId));
  return typeof token === 'string' ? token : undefined;
}
