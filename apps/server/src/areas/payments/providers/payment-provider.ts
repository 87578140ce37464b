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

export type ProviderRefundStatus = 'pending' | 'succeeded' | 'canceled';

export type ProviderRefund = {
  id: string;
  /** pending — the provider is still at it (SBP refunds may be); succeeded and canceled are final. */
  status: ProviderRefundStatus;
  providerPaymentId: string;
  amountKopecks: number;
  /** Our refund's key, from the metadata we sent; null for a refund made elsewhere (the provider's dashboard). */
  refundKey: string | null;
  createdAt: Date;
  /** The provider's words for a canceled refund. */
  cancellationReason: string | null;
};

export type CreateProviderRefund = {
  /**
   * Our refund's key, sent as the Idempotence-Key and in the metadata: asking again with it (a retry, the
   * reconcile job) gets the same refund back, and a listing names which refund of ours each one is.
   */
  idempotenceKey: string;
  providerPaymentId: string;
  amountKopecks: number;
  description: string;
  /** The 54-FZ refund receipt: its lines add up to `amountKopecks` (receipt-lines.ts refundReceiptLinesOf). */
  receipt?: { phone: string; lines: ReceiptLine[] };
};

export interface PaymentProvider {
  readonly name: 'sandbox' | 'yookassa';
  createPayment(input: CreateProviderPayment): Promise<CreatedProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment | null>;
  refund(input: CreateProviderRefund): Promise<ProviderRefund>;
  /** null when the provider does not know the id. */
  getRefund(id: string): Promise<ProviderRefund | null>;
  /** Every refund the provider has of one payment. */
  listRefunds(providerPaymentId: string): Promise<ProviderRefund[]>;
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
