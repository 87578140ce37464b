/**
 * An online payment provider as the payments area uses it: create a payment that the client
 * confirms on the provider's page, read a payment back, refund. YooKassa speaks it over HTTP; the
 * sandbox keeps its payments in its own table and has a local page (docs/decisions/013).
 */
export type ProviderStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export type ReceiptLine = {
  /** At most 128 characters. */
  description: string;
  quantity: number;
  /** The price of one unit. */
  unitKopecks: number;
  subject: 'commodity' | 'service' | 'payment';
};

export type CreateProviderPayment = {
  /** Our payment id: the provider replays the same answer for the same key. */
  idempotenceKey: string;
  amountKopecks: number;
  method: 'card' | 'sbp';
  description: string;
  /** Our page the client comes back to: /payment-result?payment=<id>. */
  returnPath: string;
  metadata: { paymentId: string };
  receipt: { phone: string; lines: ReceiptLine[] };
};

export type ProviderPayment = {
  id: string;
  status: ProviderStatus;
  amountKopecks: number;
  /** Our payment id, from the metadata we sent. */
  paymentId: string | null;
  /** The provider's words for a failure, such as insufficient_funds. */
  cancellationReason: string | null;
};

export type CreatedProviderPayment = { id: string; status: ProviderStatus; confirmationUrl: string };

export type ProviderRefund = { id: string; status: 'pending' | 'succeeded' | 'canceled' };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'yookassa';
  createPayment(input: CreateProviderPayment): Promise<CreatedProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment | null>;
  refund(input: { idempotenceKey: string; providerPaymentId: string; amountKopecks: number; description: string }): Promise<ProviderRefund>;
}

/**
 * A provider call that failed. `isUnknown` — no answer (timeout, 5xx): the provider may have done it,
 * so the caller must not assume either way.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly isUnknown: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** 1234 kopecks → "12.34", as YooKassa writes amounts. */
export function kopecksToValue(kopecks: number): string {
  return `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** "12.34" → 1234; null when it is not an amount. */
export function valueToKopecks(value: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
