import type { FastifyBaseLogger } from 'fastify';
import {
  type CreatedProviderPayment,
  type CreateProviderPayment,
  kopecksToValue,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderRefundStatus,
  type ProviderStatus,
  type ReceiptLine,
  valueToKopecks,
} from './payment-provider.js';

export type YooKassaSettings = { shopId: string; secretKey: string; baseUrl: string; vatCode: number };

type YooPayment = {
  id: string;
  status: ProviderStatus;
  amount: { value: string; currency: string };
  metadata?: Record<string, string>;
  confirmation?: { type: string; confirmation_url?: string };
  cancellation_details?: { party: string; reason: string };
};

type YooRefund = {
  id: string;
  payment_id: string;
  status: ProviderRefundStatus;
  amount: { value: string; currency: string };
  created_at: string;
  metadata?: Record<string, string>;
  cancellation_details?: { party: string; reason: string };
};

const RETRIES = [300, 1000];
/** The metadata key our payment id travels under. */
const PAYMENT_ID_KEY = 'payment_id';
/** The metadata key our refund's key travels under, so a listing of the provider's refunds names ours. */
const REFUND_KEY = 'refund_key';

/**
 * YooKassa API v3 (../shared/docs/INTEGRATIONS.md §1): Basic auth with the shop id and secret key,
 * an Idempotence-Key on every POST (our payment or refund id, so a retry after a lost answer
 * replays the same payment), amounts as strings with two decimals. 429 and 5xx are retried with the
 * same key; the secret key never reaches a log or an answer.
 */
export function createYooKassaProvider({
  settings,
  publicUrl,
  timeoutMs,
  log,
}: {
  settings: YooKassaSettings;
  publicUrl: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
}): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}`;

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
        throw new ProviderError('Платёжный сервис не отвечает. Попробуйте ещё раз через минуту', true);
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
      if (isRetryable) throw new ProviderError('Платёжный сервис перегружен. Попробуйте ещё раз через минуту', true, response.status);
      throw new ProviderError(
        'Платёжный сервис отклонил платёж. Выберите другой способ оплаты или обратитесь в магазин',
        false,
        response.status,
      );
    }
  }

  /** A receipt as YooKassa takes it (ReceiptData): the payer's phone, one item per line. */
  function receiptOf(receipt: { phone: string; lines: ReceiptLine[] }) {
    return {
      customer: { phone: receipt.phone },
      items: receipt.lines.map((line) => ({
        description: line.description.slice(0, 128),
        quantity: line.quantity,
        amount: { value: kopecksToValue(line.unitKopecks), currency: 'RUB' },
        vat_code: settings.vatCode,
        payment_mode: 'full_payment',
        payment_subject: line.subject,
        measure: 'piece',
      })),
    };
  }

  function toProviderPayment(p: YooPayment): ProviderPayment {
    return {
      id: p.id,
      status: p.status,
      amountKopecks: p.amount.currency === 'RUB' ? (valueToKopecks(p.amount.value) ?? -1) : -1,
      paymentId: p.metadata?.[PAYMENT_ID_KEY] ?? null,
      cancellationReason: p.cancellation_details?.reason ?? null,
    };
  }

  function toProviderRefund(r: YooRefund): ProviderRefund {
    return {
      id: r.id,
      status: r.status,
      providerPaymentId: r.payment_id,
      amountKopecks: r.amount.currency === 'RUB' ? (valueToKopecks(r.amount.value) ?? -1) : -1,
      refundKey: r.metadata?.[REFUND_KEY] ?? null,
      createdAt: new Date(r.created_at),
      cancellationReason: r.cancellation_details?.reason ?? null,
    };
  }

  return {
    name: 'yookassa',

    async createPayment(input: CreateProviderPayment): Promise<CreatedProviderPayment> {
      const payment = await call<YooPayment>(
        'POST',
        '/payments',
        {
          amount: { value: kopecksToValue(input.amountKopecks), currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: `${publicUrl}${input.returnPath}` },
          payment_method_data: { type: input.method === 'sbp' ? 'sbp' : 'bank_card' },
          description: input.description.slice(0, 128),
          metadata: { [PAYMENT_ID_KEY]: input.metadata.paymentId },
          receipt: receiptOf(input.receipt),
        },
        input.idempotenceKey,
      );
      const url = payment?.confirmation?.confirmation_url;
      if (!payment || !url) throw new ProviderError('Платёжный сервис не дал ссылку на оплату. Попробуйте ещё раз', false);
      return { id: payment.id, status: payment.status, confirmationUrl: url };
    },

    async getPayment(id: string): Promise<ProviderPayment | null> {
      const payment = await call<YooPayment>('GET', `/payments/${encodeURIComponent(id)}`);
      return payment ? toProviderPayment(payment) : null;
    },

    async refund(input): Promise<ProviderRefund> {
      // The same body every time for one key: YooKassa replays the refund it made for the key only
      // when the request is the same (another body with the key is refused).
      const refund = await call<YooRefund>(
        'POST',
        '/refunds',
        {
          payment_id: input.providerPaymentId,
          amount: { value: kopecksToValue(input.amountKopecks), currency: 'RUB' },
          description: input.description.slice(0, 250),
          metadata: { [REFUND_KEY]: input.idempotenceKey },
          // The refund receipt («возврат прихода») with the same line rules, VAT and payment mode as the payment's.
          ...(input.receipt ? { receipt: receiptOf(input.receipt) } : {}),
        },
        input.idempotenceKey,
      );
      if (!refund) throw new ProviderError('Платёжный сервис не принял возврат', false);
      return toProviderRefund(refund);
    },

    async getRefund(id: string): Promise<ProviderRefund | null> {
      const refund = await call<YooRefund>('GET', `/refunds/${encodeURIComponent(id)}`);
      return refund ? toProviderRefund(refund) : null;
    },

    async listRefunds(providerPaymentId: string): Promise<ProviderRefund[]> {
      const found: ProviderRefund[] = [];
      let cursor: string | undefined;
      // A payment has a handful of refunds; the cursor is followed anyway, as the list comes in pieces.
      do {
        const query = new URLSearchParams({ payment_id: providerPaymentId, limit: '100', ...(cursor ? { cursor } : {}) });
        const page = await call<{ items: YooRefund[]; next_cursor?: string }>('GET', `/refunds?${query}`);
        found.push(...(page?.items ?? []).map(toProviderRefund));
        cursor = page?.next_cursor;
      } while (cursor);
      return found;
    },
  };
}
