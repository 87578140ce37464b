import type { FastifyBaseLogger } from 'fastify';
import {
  createYooKassaClient,
  YooKassaError,
  type YooKassaPaymentAnswer,
  type YooKassaRefundAnswer,
  type YooKassaSettings,
} from '../../../integrations/yookassa/yookassa-client.js';
import {
  type CreatedProviderPayment,
  type CreateProviderPayment,
  kopecksToValue,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  type ProviderRefund,
  type ReceiptLine,
  valueToKopecks,
} from './payment-provider.js';

/** The metadata key our payment id travels under. */
const PAYMENT_ID_KEY = 'payment_id';
/** The metadata key our refund's key travels under, so a listing of the provider's refunds names ours. */
const REFUND_KEY = 'refund_key';

/** A refusal or silence of YooKassa is the provider's, with the same words and the same doubt. */
async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof YooKassaError) throw new ProviderError(error.message, error.isUnknown, error.status);
    throw error;
  }
}

/**
 * The payments area's provider over YooKassa's client (`integrations/yookassa/`): our payments and
 * refunds in YooKassa's words — amounts, the 54-FZ receipt, our ids in the metadata — and back.
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
  const client = createYooKassaClient({ settings, timeoutMs, log });

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

  function toProviderPayment(p: YooKassaPaymentAnswer): ProviderPayment {
    return {
      id: p.id,
      status: p.status,
      amountKopecks: p.amount.currency === 'RUB' ? (valueToKopecks(p.amount.value) ?? -1) : -1,
      paymentId: p.metadata?.[PAYMENT_ID_KEY] ?? null,
      cancellationReason: p.cancellation_details?.reason ?? null,
    };
  }

  function toProviderRefund(r: YooKassaRefundAnswer): ProviderRefund {
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
      const payment = await asked(() =>
        client.createPayment(
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
        ),
      );
      const url = payment?.confirmation?.confirmation_url;
      if (!payment || !url) throw new ProviderError('Платёжный сервис не дал ссылку на оплату. Попробуйте ещё раз', false);
      return { id: payment.id, status: payment.status, confirmationUrl: url };
    },

    async getPayment(id: string): Promise<ProviderPayment | null> {
      const payment = await asked(() => client.getPayment(id));
      return payment ? toProviderPayment(payment) : null;
    },

    async refund(input): Promise<ProviderRefund> {
      // The same body every time for one key: YooKassa replays the refund it made for the key only
      // when the request is the same (another body with the key is refused).
      const refund = await asked(() =>
        client.createRefund(
          {
            payment_id: input.providerPaymentId,
            amount: { value: kopecksToValue(input.amountKopecks), currency: 'RUB' },
            description: input.description.slice(0, 250),
            metadata: { [REFUND_KEY]: input.idempotenceKey },
            // The refund receipt («возврат прихода») with the same line rules, VAT and payment mode as the payment's.
            ...(input.receipt ? { receipt: receiptOf(input.receipt) } : {}),
          },
          input.idempotenceKey,
        ),
      );
      if (!refund) throw new ProviderError('Платёжный сервис не принял возврат', false);
      return toProviderRefund(refund);
    },

    async getRefund(id: string): Promise<ProviderRefund | null> {
      const refund = await asked(() => client.getRefund(id));
      return refund ? toProviderRefund(refund) : null;
    },

    async listRefunds(providerPaymentId: string): Promise<ProviderRefund[]> {
      // A payment has a handful of refunds.
      return (await asked(() => client.listRefunds(providerPaymentId))).map(toProviderRefund);
    },
  };
}
