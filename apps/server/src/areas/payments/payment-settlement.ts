import { formatMoney, isPaymentOpen, type PaymentAction, type PaymentStatus } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { Messenger } from '../messaging/index.js';
import type { OrdersArea, PaidChange } from '../orders/index.js';
import type { InvoiceSource } from './invoice-source.js';
import { type PaymentEvents, paymentMomentOf } from './payment-events.js';
import {
  closeItems,
  findItemsOf,
  findPayment,
  insertEvent,
  sumPaidByInvoice,
  sumPaidByOrder,
  updatePayment,
} from './payments.repository.js';
import type { PaymentRow } from './payments.schema.js';
import type { PaymentProvider } from './providers/payment-provider.js';

import type { Actor } from '../../shared/actor.js';

export type { Actor };

/** The provider's reasons a client understands; the rest reads as a plain refusal. */
const cancellationTexts: Record<string, string> = {
  insufficient_funds: 'недостаточно средств',
  expired_on_confirmation: 'время на оплату истекло',
  '3d_secure_failed': 'не пройдено подтверждение банка',
  card_expired: 'срок действия карты истёк',
  canceled_by_payer: 'оплата отменена',
  canceled_by_merchant: 'платёж отменён магазином',
  fraud_suspected: 'банк заподозрил мошенничество',
  payment_method_restricted: 'этот способ оплаты недоступен',
  general_decline: 'банк отклонил оплату',
};

/**
 * The state changes of a payment and their effect on the orders' money, shared by the client's,
 * the admin's, the provider's and the jobs' paths. Each runs inside the caller's transaction with
 * the payment locked, writes the audit row, and recomputes what the touched orders have paid from
 * the items (the one place that sum is made).
 */
export function createSettlement({
  db,
  orders,
  messenger,
  provider,
  log,
  publicUrl,
  events,
}: {
  events: PaymentEvents;
  db: Db;
  orders: OrdersArea;
  messenger: Messenger;
  /** Null when the shop takes no online payments (no provider configured). */
  provider: PaymentProvider | null;
  log: FastifyBaseLogger;
  publicUrl: string;
}) {
  let invoices: InvoiceSource | null = null;

  /**
   * Orders (and delivery invoices) are locked before their sums are read, so two payments of one
   * order never write a stale sum.
   */
  async function syncPaid(tx: Tx, orderIds: string[], invoiceIds: string[] = []): Promise<PaidChange[]> {
    if (invoiceIds.length > 0 && invoices) {
      await invoices.findForPayment(tx, invoiceIds, { forUpdate: true });
      await invoices.setPaid(tx, await sumPaidByInvoice(tx, invoiceIds));
    }
    await orders.findForPayment(tx, orderIds, { forUpdate: true });
    return orders.setPaid(tx, await sumPaidByOrder(tx, orderIds));
  }

  async function orderIdsOf(tx: Tx, paymentId: string): Promise<string[]> {
    const items = (await findItemsOf(tx, [paymentId])).get(paymentId) ?? [];
    return items.flatMap((i) => (i.orderId ? [i.orderId] : []));
  }

  async function record(
    tx: Tx,
    payment: PaymentRow,
    action: PaymentAction,
    details: {
      actor: Actor;
      statusAfter: PaymentStatus | null;
      /** The payment's status unless told; null for a payment that did not exist before the action. */
      statusBefore?: PaymentStatus | null;
      amountKopecks?: number | null;
      comment?: string;
      changes?: PaidChange[];
    },
  ): Promise<void> {
    await insertEvent(tx, {
      paymentId: payment.id,
      action,
      actorId: details.actor?.id ?? null,
      actorName: details.actor?.name ?? null,
      statusBefore: details.statusBefore === undefined ? payment.status : details.statusBefore,
      statusAfter: details.statusAfter,
      amountKopecks: details.amountKopecks ?? null,
      comment: details.comment ?? '',
      // By number, as the admin reads them (the orders come locked in id order).
      orders: (details.changes ?? [])
        .map(({ number, paidBeforeKopecks, paidAfterKopecks }) => ({ number, paidBeforeKopecks, paidAfterKopecks }))
        .sort((a, b) => a.number - b.number),
    });
  }

  /**
   * The money came: the payment succeeds and its orders count it as paid. `isNew` — the payment is
   * written and paid at once (cash), so its history has no status before.
   */
  async function succeed(
    tx: Tx,
    payment: PaymentRow,
    action: PaymentAction,
    actor: Actor,
    comment = '',
    options: { isNew?: boolean } = {},
  ): Promise<PaymentRow> {
    const now = new Date();
    const updated = await updatePayment(tx, payment.id, { status: 'succeeded', paidAt: now, closedAt: now, reason: null });
    await closeItems(tx, payment.id);
    const items = (await findItemsOf(tx, [payment.id])).get(payment.id) ?? [];
    const changes = await syncPaid(
      tx,
      items.flatMap((i) => (i.orderId ? [i.orderId] : [])),
      items.flatMap((i) => (i.invoiceId ? [i.invoiceId] : [])),
    );
    await events.succeeded.emit(tx, {
      ...paymentMomentOf(updated),
      paidAt: now,
      items: items.flatMap((i) =>
        i.orderId ? [{ itemId: i.id, orderId: i.orderId, orderNumber: i.orderNumber, moneyKopecks: i.amountKopecks - i.bonusKopecks }] : [],
      ),
    });
    await record(tx, payment, action, {
      actor,
      statusAfter: 'succeeded',
      ...(options.isNew ? { statusBefore: null } : {}),
      amountKopecks: payment.amountKopecks,
      comment,
      changes,
    });
    return updated;
  }

  /** The payment ends without money; its orders may be paid again. */
  async function close(
    tx: Tx,
    payment: PaymentRow,
    status: 'canceled' | 'rejected',
    action: PaymentAction,
    actor: Actor,
    reason: string,
  ): Promise<PaymentRow> {
    const updated = await updatePayment(tx, payment.id, { status, reason, closedAt: new Date() });
    await closeItems(tx, payment.id);
    await events.closed.emit(tx, paymentMomentOf(payment));
    await record(tx, payment, action, { actor, statusAfter: status, comment: reason });
    return updated;
  }

  async function tell(payment: PaymentRow, kind: 'payment_succeeded' | 'receipt_rejected' | 'payment_refunded', text: string) {
    try {
      await messenger.send({ phone: payment.payerPhone, kind, text, secret: '' });
    } catch (error) {
      // The money is settled either way; a lost message must not undo it.
      log.error({ err: error, paymentId: payment.id, kind }, 'payment message was not sent');
    }
  }

  async function tellSucceeded(payment: PaymentRow) {
    await tell(
      payment,
      'payment_succeeded',
      `Вместе: оплата ${formatMoney(payment.amountKopecks)} получена (платёж №${payment.number}). Спасибо!`,
    );
  }

  return {
    syncPaid,
    orderIdsOf,
    provideInvoices(source: InvoiceSource): void {
      invoices = source;
    },
    get invoices(): InvoiceSource | null {
      return invoices;
    },
    record,
    succeed,
    close,
    tellSucceeded,
    async tellRejected(payment: PaymentRow, reason: string) {
      await tell(
        payment,
        'receipt_rejected',
        `Вместе: чек по платежу №${payment.number} не принят: ${reason}. Заказ снова ждёт оплаты: ${publicUrl}/personal/orders/unpaid`,
      );
    },
    async tellRefunded(payment: PaymentRow, amountKopecks: number, toBonus = false) {
      const text = toBonus
        ? `Вместе: ${formatMoney(amountKopecks)} по платежу №${payment.number} возвращены на ваш бонусный счёт.`
        : `Вместе: возврат ${formatMoney(amountKopecks)} по платежу №${payment.number}.`;
      await tell(payment, 'payment_refunded', text);
    },

    /**
     * Reads an online payment back from the provider and applies what it says. A notification body
     * is never trusted; applying twice changes nothing; a different amount is logged and left alone.
     * Answers the payment as it is afterwards (undefined when it is not ours).
     */
    async applyFromProvider(providerPaymentId: string): Promise<PaymentRow | undefined> {
      // Online payments made before the provider was switched off: nobody to ask, they stay as they are.
      if (!provider) {
        log.warn({ providerPaymentId }, 'no payment provider configured: the payment is not read back');
        return undefined;
      }
      const providerName = provider.name;
      const remote = await provider.getPayment(providerPaymentId);
      if (!remote || !remote.paymentId) {
        log.warn({ providerPaymentId, provider: providerName }, 'notification for a payment the provider does not know');
        return undefined;
      }
      let succeeded: PaymentRow | null = null;
      const result = await db.transaction(async (tx) => {
        const payment = await findPayment(tx, remote.paymentId!, { forUpdate: true });
        if (!payment || payment.provider !== providerName) {
          log.warn({ providerPaymentId, paymentId: remote.paymentId }, 'provider payment names no payment of ours');
          return undefined;
        }
        if (payment.providerPaymentId === null) await updatePayment(tx, payment.id, { providerPaymentId: remote.id });
        else if (payment.providerPaymentId !== remote.id) return payment;
        if (remote.status === 'succeeded') {
          if (payment.status === 'succeeded' || payment.status === 'refunded') return payment;
          // The provider was asked for the money part only: the bonuses were taken in the shop.
          const expected = payment.amountKopecks - payment.bonusKopecks;
          if (remote.amountKopecks !== expected) {
            log.error(
              { paymentId: payment.id, expected, reported: remote.amountKopecks },
              'provider reports another amount: the payment is not applied',
            );
            await record(tx, payment, 'amount_mismatch', {
              actor: null,
              statusAfter: payment.status,
              amountKopecks: remote.amountKopecks,
              comment: `Ожидалось ${formatMoney(expected)}`,
            });
            return payment;
          }
          // Money that came is applied even to a payment closed meanwhile (expired, canceled): it is real.
          succeeded = await succeed(tx, payment, 'provider_succeeded', null);
          return succeeded;
        }
        if (remote.status === 'canceled' && isPaymentOpen(payment.status)) {
          const why = cancellationTexts[remote.cancellationReason ?? ''] ?? 'оплата не прошла';
          return close(tx, payment, 'canceled', 'provider_canceled', null, `Оплата не прошла: ${why}`);
        }
        return payment;
      });
      if (succeeded) await tellSucceeded(succeeded);
      return result;
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
