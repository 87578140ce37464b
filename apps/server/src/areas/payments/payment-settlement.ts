import {
  canMovePayment,
  formatMoney,
  illegalPaymentMoveMessage,
  isPaymentOpen,
  moneyPaymentStatuses,
  type PaymentAction,
  type PaymentStatus,
  paymentStatusTitles,
} from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { Messenger } from '../messaging/index.js';
import type { OrdersArea, PaidChange } from '../orders/index.js';
import type { InvoiceSource } from './invoice-source.js';
import { paymentCanceledText, paymentSucceededText } from './payment-messages.js';
import { type PaymentEvents, type PaymentMoment, paymentMomentOf } from './payment-events.js';
import {
  closeItems,
  findItemsOf,
  findPayment,
  insertEvent,
  type PaymentPatch,
  setItemBonus,
  sumPaidByInvoice,
  sumPaidByOrder,
  updatePayment,
  writeStatus,
} from './payments.repository.js';
import type { PaymentRow } from './payments.schema.js';
import type { PaymentProvider } from './providers/payment-provider.js';

import type { Actor } from '../../shared/actor.js';

export type { Actor };

/**
 * Takes a late payment's bonuses again, all of `kopecks` or none (answers whether it did). The bonus
 * programme lends it when the app is assembled; without one, no bonus part can come back.
 */
export type LateBonusTaker = (tx: Tx, payment: PaymentMoment, kopecks: number) => Promise<boolean>;

/** The provider's reasons a client understands; the rest reads as a plain refusal. */
const cancellationTexts: Record<string, string> = {
  insufficient_funds: 'недостаточно средств',
  expired_on_confirmation: 'время на оплату истекло',
  '3d_secure_failed': 'не пройдено подтверждение банка',
  card_expired: 'срок действия карты истёк',
  canceled_by_payer: 'отказ от оплаты',
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
  let lateBonusTaker: LateBonusTaker | null = null;

  /**
   * The one writer of a payment's status (docs/decisions/025): the contract's table decides, and the
   * write is conditional on the status the caller read, so a stale caller changes nothing. Callers
   * hold the payment's lock and may refuse earlier in their own words; this is the last word.
   */
  async function moveTo(tx: Tx, payment: PaymentRow, to: PaymentStatus, patch: PaymentPatch = {}): Promise<PaymentRow> {
    if (!canMovePayment(payment.status, to)) {
      throw new AppError('CONFLICT', illegalPaymentMoveMessage(payment.number, payment.status, to));
    }
    const moved = await writeStatus(tx, payment.id, payment.status, to, patch);
    if (moved) return moved;
    const now = await findPayment(tx, payment.id);
    throw new AppError(
      'CONFLICT',
      now ? `Платёж №${payment.number} уже в статусе «${paymentStatusTitles[now.status]}»: обновите страницу` : 'Платёж не найден',
    );
  }

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
   * Money for a payment closed meanwhile, applied by the rules of money that comes in time
   * (docs/decisions/025). When the payment closed, its bonuses went back to the client and its orders
   * were freed: they may since be paid by others, canceled or changed, and the bonuses spent. The
   * money part counts for its orders as it came: what an order no longer owes shows as its refund due
   * on «Оплаты», as any payment beyond the total does. The bonus part counts only as far as the orders
   * still owe after the money, and only if the client's bonuses can be taken again now, all of it at
   * once; what is not taken is not paid, and the order stays due by it. The items and the payment keep
   * what really arrived; the history says what did not.
   */
  async function applyLate(tx: Tx, payment: PaymentRow): Promise<{ patch: PaymentPatch; notes: string[] }> {
    const items = (await findItemsOf(tx, [payment.id])).get(payment.id) ?? [];
    const invoiceIds = items.flatMap((i) => (i.invoiceId ? [i.invoiceId] : []));
    const orderIds = items.flatMap((i) => (i.orderId ? [i.orderId] : []));
    // Locked in the order syncPaid locks them, and read as they are now.
    const owedByInvoice = new Map(
      (invoiceIds.length > 0 && invoices ? await invoices.findForPayment(tx, invoiceIds, { forUpdate: true }) : []).map((i) => [
        i.id,
        i.notPayableReason ? 0 : i.dueKopecks,
      ]),
    );
    const foundOrders = await orders.findForPayment(tx, orderIds, { forUpdate: true });
    const orderById = new Map(foundOrders.map((o) => [o.id, o]));
    const plan = items.map((item) => {
      const owed = item.orderId ? (orderById.get(item.orderId)?.dueKopecks ?? 0) : (owedByInvoice.get(item.invoiceId!) ?? 0);
      const money = item.amountKopecks - item.bonusKopecks;
      return { item, owed, money, wanted: Math.min(item.bonusKopecks, Math.max(0, owed - money)) };
    });
    const wanted = plan.reduce((sum, p) => sum + p.wanted, 0);
    const isTaken = wanted > 0 && lateBonusTaker !== null && (await lateBonusTaker(tx, paymentMomentOf(payment), wanted));
    let bonus = 0;
    for (const p of plan) {
      const kept = isTaken ? p.wanted : 0;
      bonus += kept;
      if (kept !== p.item.bonusKopecks) await setItemBonus(tx, p.item.id, kept);
    }

    const notes = ['Деньги пришли после отмены платежа'];
    if (wanted > 0 && !isTaken) {
      notes.push(`бонусы ${formatMoney(wanted)} списать снова не удалось: эта часть не оплачена, заказ ждёт доплаты`);
    }
    if (payment.bonusKopecks > wanted) notes.push(`бонусы ${formatMoney(payment.bonusKopecks - wanted)} не понадобились и не списаны`);
    for (const p of plan) {
      const excess = p.money - Math.min(p.money, p.owed);
      if (excess === 0 || !p.item.orderId) continue;
      const why = orderById.get(p.item.orderId)?.isCanceled ? 'отменён' : 'уже оплачен';
      notes.push(`заказ №${p.item.orderNumber} ${why}: ${formatMoney(excess)} к возврату`);
    }
    const money = payment.amountKopecks - payment.bonusKopecks;
    return { patch: { amountKopecks: money + bonus, bonusKopecks: bonus }, notes };
  }

  /**
   * The money came: the payment succeeds and its orders count it as paid. `isNew` — the payment is
   * written and paid at once (cash), so its history has no status before. Money for a payment closed
   * meanwhile is applied by applyLate's rules.
   */
  async function succeed(
    tx: Tx,
    payment: PaymentRow,
    action: PaymentAction,
    actor: Actor,
    comment = '',
    options: { isNew?: boolean } = {},
  ): Promise<PaymentRow> {
    // The table lets a succeeded payment stay succeeded (a partial refund); its money comes only once.
    if (moneyPaymentStatuses.includes(payment.status)) throw new AppError('CONFLICT', `Платёж №${payment.number} уже оплачен`);
    const late = isPaymentOpen(payment.status) ? null : await applyLate(tx, payment);
    const now = new Date();
    const updated = await moveTo(tx, payment, 'succeeded', { ...late?.patch, paidAt: now, closedAt: now, reason: null });
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
      amountKopecks: updated.amountKopecks,
      comment: [comment, ...(late?.notes ?? [])].filter(Boolean).join('; '),
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
    const updated = await moveTo(tx, payment, status, { reason, closedAt: new Date() });
    await closeItems(tx, payment.id);
    await events.closed.emit(tx, paymentMomentOf(payment));
    await record(tx, payment, action, { actor, statusAfter: status, comment: reason });
    return updated;
  }

  /** In the transaction that settles the money: the message goes exactly when the change commits (decision 027). */
  async function tell(
    tx: Tx,
    payment: PaymentRow,
    kind: 'payment_succeeded' | 'receipt_rejected' | 'payment_refunded' | 'payment_canceled',
    text: string,
  ) {
    await messenger.notify(tx, { phone: payment.payerPhone, kind, text, secret: '' });
  }

  async function tellSucceeded(tx: Tx, payment: PaymentRow) {
    await tell(tx, payment, 'payment_succeeded', paymentSucceededText(payment));
  }

  return {
    syncPaid,
    orderIdsOf,
    provideInvoices(source: InvoiceSource): void {
      invoices = source;
    },
    provideLateBonusTaker(taker: LateBonusTaker): void {
      lateBonusTaker = taker;
    },
    moveTo,
    get invoices(): InvoiceSource | null {
      return invoices;
    },
    record,
    succeed,
    close,
    tellSucceeded,
    async tellRejected(tx: Tx, payment: PaymentRow, reason: string) {
      await tell(
        tx,
        payment,
        'receipt_rejected',
        `Вместе: чек по платежу №${payment.number} не принят: ${reason}. Заказ снова ждёт оплаты: ${publicUrl}/personal/orders/unpaid`,
      );
    },
    /** An admin canceled the payment: why, and that its orders wait for payment again. */
    async tellCanceled(tx: Tx, payment: PaymentRow, reason: string) {
      await tell(tx, payment, 'payment_canceled', paymentCanceledText(payment, reason, publicUrl));
    },
    async tellRefunded(tx: Tx, payment: PaymentRow, amountKopecks: number, toBonus = false) {
      const text = toBonus
        ? `Вместе: ${formatMoney(amountKopecks)} по платежу №${payment.number} возвращены на ваш бонусный счёт.`
        : `Вместе: возврат ${formatMoney(amountKopecks)} по платежу №${payment.number}.`;
      await tell(tx, payment, 'payment_refunded', text);
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
          // Money that came is applied even to a payment closed meanwhile (expired, canceled): it is
          // real, and applyLate applies it by the rules of money on time.
          const succeeded = await succeed(tx, payment, 'provider_succeeded', null);
          await tellSucceeded(tx, succeeded);
          return succeeded;
        }
        if (remote.status === 'canceled' && isPaymentOpen(payment.status)) {
          const why = cancellationTexts[remote.cancellationReason ?? ''] ?? 'оплата не прошла';
          return close(tx, payment, 'canceled', 'provider_canceled', null, `Оплата не прошла: ${why}`);
        }
        return payment;
      });
      return result;
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
