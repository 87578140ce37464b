import { createHash } from 'node:crypto';
import {
  type AdminPayment,
  type AdminPaymentDetails,
  formatMoney,
  isPaymentOpen,
  type PaymentListQuery,
  paymentListQuerySchema,
  type RefundDue,
  refundDueOf,
  type RefundDestination,
  type RefundDueResult,
} from '@vmeste/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { OrdersArea } from '../orders/index.js';
import { type Actor, type Settlement } from './payment-settlement.js';
import { PAYMENT_NOT_FOUND, requireNoOpenPayment } from './payments.service.js';
import { toAdminDetailsView, toAdminPaymentView } from './payment-view.js';
import {
  addItemRefund,
  findEventsOf,
  findItemsOf,
  findPayment,
  findRefundableItemsOf,
  insertPayment,
  listAwaitingCheck,
  listPayments,
} from './payments.repository.js';
import type { PaymentRow } from './payments.schema.js';
import { type PaymentProvider, ProviderError } from './providers/payment-provider.js';
import { allocateRefundDue, toRefundDueView } from './refund-due.js';
import { type PaymentEvents, paymentMomentOf, type RefundPart } from './payment-events.js';

type ListQuery = z.output<typeof paymentListQuerySchema>;

/** What to refund of a payment: all of it, one order's part, at most `amountKopecks` of that. */
export type RefundInput = {
  orderId?: string | undefined;
  comment: string;
  amountKopecks?: number | undefined;
  /** money (the default) — back the way it came, its bonus part to bonuses; bonus — all to the bonus account. */
  to?: RefundDestination | undefined;
};

/** A refund takes an item's money part first, then its bonus part: how much of `amount` is money. */
export function moneyPartOf(item: { amountKopecks: number; bonusKopecks: number; refundedKopecks: number }, amount: number): number {
  const money = item.amountKopecks - item.bonusKopecks;
  return Math.max(0, Math.min(item.refundedKopecks + amount, money) - item.refundedKopecks);
}

/** Digits of a phone as typed in a search: 8 900… and +7 900… find the same client. */
export function phoneSearchDigits(phone: string | undefined): string | undefined {
  return phone?.replace(/\D/g, '').replace(/^8(?=\d{10}$)/, '7') || undefined;
}

/**
 * The admin's money actions. Each runs in one transaction with the payment locked, checks the state
 * it starts from (so two admins pressing the same button do it once) and leaves an audit row.
 */
export function createPaymentAdminService({
  db,
  orders,
  provider,
  settlement,
  events,
}: {
  db: Db;
  orders: OrdersArea;
  provider: PaymentProvider | null;
  settlement: Settlement;
  events: PaymentEvents;
}) {
  async function details(id: string): Promise<AdminPaymentDetails> {
    const row = await findPayment(db, id);
    if (!row) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND);
    const [items, events] = await Promise.all([findItemsOf(db, [id]), findEventsOf(db, id)]);
    return toAdminDetailsView(row, items.get(id) ?? [], events);
  }

  async function adminViews(rows: PaymentRow[]): Promise<AdminPayment[]> {
    const items = await findItemsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toAdminPaymentView(r, items.get(r.id) ?? []));
  }

  async function locked<T>(id: string, work: (payment: PaymentRow, tx: Tx) => Promise<T>) {
    return db.transaction(async (tx) => {
      const payment = await findPayment(tx, id, { forUpdate: true });
      if (!payment) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND);
      return work(payment, tx);
    });
  }

  /**
   * The refund itself (see refund()). `limit` caps what goes back, read under the payment's lock
   * together with the items, so the cap and the provider key always come from one moment.
   */
  async function refundPayment(
    id: string,
    actor: Actor,
    input: RefundInput & { limit?: (tx: Tx) => Promise<number>; label?: string },
  ): Promise<{ payment: PaymentRow; amountKopecks: number; dueAfterKopecks: number | null }> {
    const destination = input.to ?? 'money';
    const plan = await locked(id, async (payment, tx) => {
      if (payment.status !== 'succeeded')
        throw new AppError('CONFLICT', `Вернуть можно только прошедший платёж; платёж №${payment.number} — нет`);
      const items = (await findItemsOf(tx, [id])).get(id) ?? [];
      const chosen = input.orderId ? items.filter((i) => i.orderId === input.orderId) : items;
      if (input.orderId && chosen.length === 0) throw new AppError('NOT_FOUND', 'Этого заказа нет в платеже', { field: 'orderId' });
      let left = Math.min(input.amountKopecks ?? Infinity, input.limit ? await input.limit(tx) : Infinity);
      const parts = chosen
        .map((item) => {
          const amount = Math.max(0, Math.min(item.amountKopecks - item.refundedKopecks, left));
          left -= amount;
          return { item, amount, moneyPart: moneyPartOf(item, amount) };
        })
        .filter((p) => p.amount > 0);
      const amount = parts.reduce((sum, p) => sum + p.amount, 0);
      if (amount === 0) throw new AppError('CONFLICT', 'Возвращать нечего: эти деньги уже вернули');
      // What goes back as money; to bonuses nothing does, and the bonus part of a payment never does.
      const moneyBack = destination === 'money' ? parts.reduce((sum, p) => sum + p.moneyPart, 0) : 0;
      if (moneyBack > 0 && !payment.provider && !input.comment) {
        throw new AppError('BAD_REQUEST', 'Укажите комментарий: как и куда вернули деньги', { field: 'comment' });
      }
      return { payment, parts, amount, moneyBack };
    });

    let providerRefundId: string | null = null;
    if (plan.moneyBack > 0 && plan.payment.provider && plan.payment.providerPaymentId) {
      // The amount is in the key: a partial refund of an item is another request than the whole of it.
      const key = createHash('sha256')
        .update([plan.payment.id, ...plan.parts.map((p) => `${p.item.id}:${p.item.refundedKopecks}:${p.amount}`)].join('|'))
        .digest('hex')
        .slice(0, 48);
      if (!provider) {
        throw new AppError(
          'CONFLICT',
          'Онлайн-оплата в магазине сейчас не подключена: вернуть деньги через платёжный сервис нельзя, верните их переводом',
        );
      }
      try {
        const refund = await provider.refund({
          idempotenceKey: `refund-${key}`,
          providerPaymentId: plan.payment.providerPaymentId,
          amountKopecks: plan.moneyBack,
          description: `Возврат по платежу №${plan.payment.number}`,
        });
        if (refund.status === 'canceled')
          throw new AppError('BAD_GATEWAY', 'Платёжный сервис отклонил возврат. Попробуйте позже или верните переводом');
        providerRefundId = refund.id;
      } catch (error) {
        if (error instanceof ProviderError) throw new AppError('BAD_GATEWAY', `Возврат не прошёл: ${error.message}`);
        throw error;
      }
    }

    const comment = [input.label, destination === 'bonus' ? 'на бонусный счёт' : '', input.comment].filter(Boolean).join('; ');
    const written = await locked(id, async (payment, tx) => {
      const items = new Map(((await findItemsOf(tx, [id])).get(id) ?? []).map((i) => [i.id, i]));
      const isUnchanged = plan.parts.every((p) => items.get(p.item.id)?.refundedKopecks === p.item.refundedKopecks);
      if (!isUnchanged || payment.status !== 'succeeded') throw new AppError('CONFLICT', 'Этот возврат уже оформлен: обновите страницу');
      const refundParts: RefundPart[] = [];
      for (const { item, amount, moneyPart } of plan.parts) {
        const refund = await addItemRefund(tx, item, {
          amountKopecks: amount,
          destination,
          moneyPartKopecks: moneyPart,
          providerRefundId,
          comment,
          actorId: actor?.id ?? null,
        });
        refundParts.push({
          refundId: refund.id,
          itemId: item.id,
          orderId: item.orderId,
          orderNumber: item.orderNumber,
          amountKopecks: amount,
          destination,
          moneyPartKopecks: moneyPart,
          toBonusKopecks: destination === 'bonus' ? amount : amount - moneyPart,
        });
      }
      const total = payment.refundedKopecks + plan.amount;
      const updated = await settlement.moveTo(tx, payment, total === payment.amountKopecks ? 'refunded' : 'succeeded', {
        refundedKopecks: total,
      });
      const changes = await settlement.syncPaid(
        tx,
        plan.parts.flatMap((p) => (p.item.orderId ? [p.item.orderId] : [])),
        plan.parts.flatMap((p) => (p.item.invoiceId ? [p.item.invoiceId] : [])),
      );
      // The bonus programme credits what goes to bonuses and takes back the cashback of what was refunded.
      await events.refunded.emit(tx, { ...paymentMomentOf(payment), parts: refundParts });
      const note = [comment, providerRefundId ? `возврат у платёжного сервиса ${providerRefundId}` : ''].filter(Boolean).join('; ');
      await settlement.record(tx, payment, 'refunded', {
        actor,
        statusAfter: updated.status,
        amountKopecks: plan.amount,
        comment: note,
        changes,
      });
      await settlement.tellRefunded(tx, updated, plan.amount, destination === 'bonus');
      return { payment: updated, dueAfterKopecks: input.limit ? await input.limit(tx) : null };
    });
    return { payment: written.payment, amountKopecks: plan.amount, dueAfterKopecks: written.dueAfterKopecks };
  }

  return {
    details,

    async list(query: ListQuery | PaymentListQuery) {
      const q = paymentListQuerySchema.parse(query);
      const phoneDigits = phoneSearchDigits(q.phone);
      if (q.phone && !phoneDigits) return { items: [], total: 0, totals: { amountKopecks: 0, refundedKopecks: 0 } };
      const found = await listPayments(db, { ...q, phoneDigits, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return {
        items: await adminViews(found.rows),
        total: found.total,
        totals: { amountKopecks: found.amountKopecks, refundedKopecks: found.refundedKopecks },
      };
    },

    async receiptsQueue(): Promise<AdminPayment[]> {
      return adminViews(await listAwaitingCheck(db));
    },

    async confirm(id: string, actor: Actor, comment: string): Promise<AdminPaymentDetails> {
      await locked(id, async (payment, tx) => {
        if (payment.method !== 'transfer') throw new AppError('CONFLICT', 'Подтверждать вручную можно только перевод на карту');
        if (!isPaymentOpen(payment.status)) throw new AppError('CONFLICT', `Платёж №${payment.number} уже закрыт`);
        const confirmed = await settlement.succeed(tx, payment, 'confirmed', actor, comment);
        await settlement.tellSucceeded(tx, confirmed);
        return confirmed;
      });
      return details(id);
    },

    async reject(id: string, actor: Actor, reason: string): Promise<AdminPaymentDetails> {
      await locked(id, async (payment, tx) => {
        if (payment.status !== 'awaiting_check') throw new AppError('CONFLICT', `Чек платежа №${payment.number} не ждёт проверки`);
        const rejected = await settlement.close(tx, payment, 'rejected', 'rejected', actor, reason);
        await settlement.tellRejected(tx, rejected, reason);
        return rejected;
      });
      return details(id);
    },

    async cancel(id: string, actor: Actor, reason: string): Promise<AdminPaymentDetails> {
      const before = await findPayment(db, id);
      if (!before) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND);
      // The client may have paid a moment ago: the provider is asked before the payment is dropped.
      if (before.providerPaymentId && before.status === 'pending') await settlement.applyFromProvider(before.providerPaymentId);
      await locked(id, async (payment, tx) => {
        if (payment.status === 'succeeded') throw new AppError('CONFLICT', `Платёж №${payment.number} уже прошёл: оформите возврат`);
        if (!isPaymentOpen(payment.status)) throw new AppError('CONFLICT', `Платёж №${payment.number} уже закрыт`);
        return settlement.close(tx, payment, 'canceled', 'canceled', actor, reason || 'Отменён магазином');
      });
      return details(id);
    },

    /**
     * Gives money back: the whole payment, one order's part, or at most `amountKopecks` of it. The
     * provider is called outside any transaction with a key made of the payment's items, what they
     * had refunded before and what goes back now, so two presses of the button, or a retry after a
     * crash, ask for the same refund and get it once; the refund is then written only if the items
     * are still as the plan saw them.
     */
    async refund(id: string, actor: Actor, input: RefundInput): Promise<AdminPaymentDetails> {
      await refundPayment(id, actor, input);
      return details(id);
    },

    /** Orders paid beyond their total and canceled orders holding money, with the payments it goes back from. */
    async refundsDue(): Promise<RefundDue[]> {
      const overpaid = await orders.listOverpaid(db);
      const refundable = await findRefundableItemsOf(
        db,
        overpaid.map((o) => o.id),
      );
      return overpaid.map((order) =>
        toRefundDueView(
          order,
          refundable.filter((r) => r.item.orderId === order.id),
        ),
      );
    },

    /**
     * Returns exactly an order's refund due (refundDueOf: what it was paid beyond its total, or all it
     * holds once canceled), from its payments newest first, each through refund() with the amount
     * capped by the refund due as it is under the payment's lock — as money (the bonus parts to
     * bonuses) or all to the bonus account. Two admins pressing at once plan the same refund (the
     * same provider key) and only one writes it; the other gets 409, as does a press after the money
     * went back.
     */
    async refundDue(orderId: string, actor: Actor, comment: string, to: RefundDestination = 'money'): Promise<RefundDueResult> {
      const plan = await db.transaction(async (tx) => {
        const [order] = await orders.findForPayment(tx, [orderId], { forUpdate: true });
        if (!order) throw new AppError('NOT_FOUND', 'Заказ не найден');
        const due = refundDueOf(order);
        if (due === 0) {
          throw new AppError(
            'CONFLICT',
            order.isCanceled
              ? `Возвращать нечего: заказ №${order.number} отменён, и денег на нём нет`
              : `Возвращать нечего: заказ №${order.number} не оплачен сверх суммы`,
          );
        }
        const sources = allocateRefundDue(due, await findRefundableItemsOf(tx, [orderId])).filter((s) => s.refundKopecks > 0);
        if (to === 'money' && sources.some((s) => !s.isOnline) && !comment) {
          throw new AppError('BAD_REQUEST', 'Укажите комментарий: как и куда вернули деньги', { field: 'comment' });
        }
        return { number: order.number, isCanceled: order.isCanceled, sources };
      });

      const returned: RefundDueResult['payments'] = [];
      for (const source of plan.sources) {
        const done = await refundPayment(source.paymentId, actor, {
          orderId,
          comment,
          to,
          label: plan.isCanceled ? `Заказ №${plan.number} отменён` : `Переплата по заказу №${plan.number}`,
          limit: async (tx) => refundDueOf((await orders.findForPayment(tx, [orderId], { forUpdate: true }))[0]!),
        });
        returned.push({ paymentId: done.payment.id, number: done.payment.number, amountKopecks: done.amountKopecks });
        if (done.dueAfterKopecks === 0) break;
      }
      const [order] = await db.transaction((tx) => orders.findForPayment(tx, [orderId]));
      return {
        orderId,
        orderNumber: plan.number,
        refundedKopecks: returned.reduce((sum, r) => sum + r.amountKopecks, 0),
        totalKopecks: order!.totalKopecks,
        paidKopecks: order!.paidKopecks,
        refundDueKopecks: refundDueOf(order!),
        payments: returned,
      };
    },

    /** Cash at the distribution point: the order's whole due, paid at once. */
    async recordCash(orderId: string, actor: Actor, comment: string): Promise<AdminPaymentDetails> {
      const id = await db.transaction(async (tx) => {
        const [order] = await orders.findForPayment(tx, [orderId], { forUpdate: true });
        if (!order) throw new AppError('NOT_FOUND', 'Заказ не найден', { field: 'orderId' });
        if (order.isCanceled) throw new AppError('CONFLICT', `Заказ №${order.number} отменён`);
        if (order.dueKopecks === 0) throw new AppError('CONFLICT', `Заказ №${order.number} уже оплачен`);
        await requireNoOpenPayment(tx, [order.id], 'сначала закройте его');
        const payment = await insertPayment(
          tx,
          {
            method: 'cash',
            status: 'pending',
            amountKopecks: order.dueKopecks,
            payerPhone: order.phone,
            payerName: order.clientName,
          },
          [
            {
              kind: 'order',
              orderId: order.id,
              orderNumber: order.number,
              purchaseId: order.purchaseId,
              purchaseTitle: order.purchaseTitle,
              amountKopecks: order.dueKopecks,
            },
          ],
        );
        await settlement.succeed(tx, payment, 'cash', actor, comment || `Наличными ${formatMoney(order.dueKopecks)}`, { isNew: true });
        return payment.id;
      });
      return details(id);
    },
  };
}

export type PaymentAdminService = ReturnType<typeof createPaymentAdminService>;
