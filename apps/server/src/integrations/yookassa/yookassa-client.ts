import type { FastifyBaseLogger } from 'fastify';

export type YooKassaSettings = { shopId: string; secretKey: string; baseUrl: string; vatCode: number };

export type YooKassaAmount = { value: string; currency: string };
export type YooKassaPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type YooKassaRefundStatus = 'pending' | 'succeeded' | 'canceled';

/** The fields of YooKassa's payment object the shop reads. */
export type YooKassaPaymentAnswer = {
  id: string;
  status: YooKassaPaymentStatus;
  amount: YooKassaAmount;
  metadata?: Record<string, string>;
  confirmation?: { type: string; confirmation_url?: string };
  cancellation_details?: { party: string; reason: string };
};

/** The fields of YooKassa's refund object the shop reads. */
export type YooKassaRefundAnswer = {
  id: string;
  payment_id: string;
  status: YooKassaRefundStatus;
  amount: YooKassaAmount;
  created_at: string;
  metadata?: Record<string, string>;
  cancellation_details?: { party: string; reason: string };
};

/**
 * A call YooKassa did not carry out. `isUnknown` — no answer (timeout, 5xx after the retries): YooKassa
 * may have done it, so the caller must not assume either way. The message is Russian and safe to show.
 */
export class YooKassaError extends Error {
  constructor(
    message: string,
    readonly isUnknown: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'YooKassaError';
  }
}

const RETRIES = [300, 1000];

/**
 * YooKassa API v3 (../shared/docs/INTEGRATIONS.md §1): Basic auth with the shop id and secret key,
 * an Idempotence-Key on every POST (the caller's payment or refund id, so a retry after a lost answer
 * replays the same payment), amounts as strings with two decimals. 429 and 5xx are retried with the
 * same key; the secret key never reaches a log or an answer. The payments area speaks to it through
 * its provider interface (`areas/payments/providers/yookassa-provider.ts`).
 */
export function createYooKassaClient({
  settings,
  timeoutMs,
  log,
}: {
  settings: Pick<YooKassaSettings, 'shopId' | 'secretKey' | 'baseUrl'>;
  timeoutMs: number;
  log: FastifyBaseLogger;
}) {
  const authorization = `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}`;

  /** null for a GET of what YooKassa does not know (404). */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string): Promise<T | null> {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(`${settings.baseUrl}${path}`, {
          method,
          headers: {
            authorization,
            'content-type': 'application/json',
            ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        log.warn({ err: error, path }, 'YooKassa did not answer');
        throw new YooKassaError('Платёжный сервис не отвечает. Попробуйте ещё раз через минуту', true);
      }
      if (response.ok) return (await response.json()) as T;
      if (response.status === 404 && method === 'GET') return null;
      const error = (await response.json().catch(() => ({}))) as { code?: string; description?: string; parameter?: string };
      const isRetryable = response.status === 429 || response.status >= 500;
      if (isRetryable && attempt < RETRIES.length) {
        await new Promise((resolve) => setTimeout(resolve, RETRIES[attempt]));
        continue;
      }
      log.warn(
        { status: response.status, code: error.code, description: error.description, parameter: error.parameter, path },
        'YooKassa refused',
      );
      if (isRetryable) throw new YooKassaError('Платёжный сервис перегружен. Попробуйте ещё раз через минуту', true, response.status);
      throw new YooKassaError(
        'Платёжный сервис отклонил платёж. Выберите другой способ оплаты или обратитесь в магазин',
        false,
        response.status,
      );
    }
  }

  return {
    createPayment: (body: object, idempotenceKey: string) => call<YooKassaPaymentAnswer>('POST', '/payments', body, idempotenceKey),
    getPayment: (id: string) => call<YooKassaPaymentAnswer>('GET', `/payments/${encodeURIComponent(id)}`),
    createRefund: (body: object, idempotenceKey: string) => call<YooKassaRefundAnswer>('POST', '/refunds', body, idempotenceKey),
    getRefund: (id: string) => call<YooKassaRefundAnswer>('GET', `/refunds/${encodeURIComponent(id)}`),
    /** Every refund of one payment; the cursor is followed, as the list comes in pieces. */
    async listRefunds(paymentId: string): Promise<YooKassaRefundAnswer[]> {
      const found: YooKassaRefundAnswer[] = [];
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams({ payment_id: paymentId, limit: '100', ...(cursor ? { cursor } : {}) });
        const page = await call<{ items: YooKassaRefundAnswer[]; next_cursor?: string }>('GET', `/refunds?${query}`);
        found.push(...(page?.items ?? []));
        cursor = page?.next_cursor;
      } while (cursor);
      return found;
    },
  };
}
