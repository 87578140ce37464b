import { randomUUID } from 'node:crypto';
import {
  type AdminPayment,
  type AdminPaymentDetails,
  formatMoney,
  isPaymentOpen,
  type PaymentListQuery,
  paymentListQuerySchema,
  phoneSearchDigits as digitsOfPhoneSearch,
  REFUND_BY_HAND_COMMENT_MESSAGE,
  isRefundByHand,
  type RefundDue,
  refundDueOf,
  type RefundDestination,
  type RefundDueResult,
} from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { OrdersArea } from '../orders/index.js';
import { type Actor, type Settlement } from './payment-settlement.js';
import { PAYMENT_NOT_FOUND, requireNoOpenPayment } from './payments.service.js';
import { toAdminDetailsView, toAdminPaymentView } from './payment-view.js';
import {
  addItemRefunded,
  findEventsOf,
  findKnownProviderRefundIds,
  findPaymentsRefundedSince,
  findPendingRefundKeys,
  findRefundRows,
  findRefundsTakenOf,
  insertRefundRows,
  replaceUnknownProviderRefunds,
  settleRefundRows,
  setPendingRefundProviderId,
  sumPendingRefundsOfOrders,
  findItemsOf,
  findPayment,
  findRefundableItemsOf,
  insertPayment,
  listAwaitingCheck,
  listPayments,
} from './payments.repository.js';
import type { PaymentItemRow, PaymentRefundRow, PaymentRow } from './payments.schema.js';
import { type CreateProviderRefund, type PaymentProvider, ProviderError, type ProviderRefund } from './providers/payment-provider.js';
import { refundReceiptLinesOf } from './receipt-lines.js';
import { providerDifferences } from './provider-differences.js';
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

/**
 * A refund takes an item's money part first, then its bonus part: how much of `amount` is money, given
 * the money part that refunds already written (succeeded or pending) took.
 */
export function moneyPartOf(item: { amountKopecks: number; bonusKopecks: number }, moneyTakenKopecks: number, amount: number): number {
  const money = item.amountKopecks - item.bonusKopecks;
  return Math.max(0, Math.min(amount, money - moneyTakenKopecks));
}

/** YooKassa keeps an Idempotence-Key for a day: a pending refund older than this is not asked again by its key. */
const KEY_LIFETIME_MS = 23 * 60 * 60_000;

/** Digits of a phone as typed in a search, any part in any form: 8 900… and +7 900… find the same client. */
export function phoneSearchDigits(phone: string | undefined): string | undefined {
  return phone === undefined ? undefined : digitsOfPhoneSearch(phone) || undefined;
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
  log,
  paymentWindowMinutes,
}: {
  db: Db;
  orders: OrdersArea;
  provider: PaymentProvider | null;
  settlement: Settlement;
  events: PaymentEvents;
  log?: FastifyBaseLogger;
  /** How long an online payment waits for the client (PAYMENT_EXPIRY_MINUTES): pending beyond it is a difference. */
  paymentWindowMinutes?: number;
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

  /** An order's refund due less what its pending refunds hold (they are taken until the provider answers); the order locked. */
  async function dueLeftOf(tx: Tx, orderId: string): Promise<number> {
    const [order] = await orders.findForPayment(tx, [orderId], { forUpdate: true });
    return Math.max(0, refundDueOf(order!) - ((await sumPendingRefundsOfOrders(tx, [orderId])).get(orderId) ?? 0));
  }

  /** Refund keys this process is asking the provider about right now: a second press or the job leaves them alone. */
  const askingNow = new Set<string>();

  type RefundPlan = {
    payment: PaymentRow;
    parts: { item: PaymentItemRow; amount: number; moneyPart: number }[];
    amount: number;
    moneyBack: number;
  };

  /**
   * What a refund takes of each chosen item, read under the payment's lock: the item's amount less
   * what refunds that count have taken (succeeded and pending alike, whatever their destination), so
   * the money part and the bonus part of every refund come out of one remainder. Null when nothing is
   * left; `isHeld` says a pending refund holds what is.
   */
  async function planRefund(
    tx: Tx,
    payment: PaymentRow,
    input: RefundInput & { limit?: (tx: Tx) => Promise<number> },
  ): Promise<RefundPlan | { isHeld: boolean }> {
    const id = payment.id;
    const items = (await findItemsOf(tx, [id])).get(id) ?? [];
    const chosen = input.orderId ? items.filter((i) => i.orderId === input.orderId) : items;
    if (input.orderId && chosen.length === 0) throw new AppError('NOT_FOUND', 'Этого заказа нет в платеже', { field: 'orderId' });
    const taken = await findRefundsTakenOf(tx, id);
    let left = Math.min(input.amountKopecks ?? Infinity, input.limit ? await input.limit(tx) : Infinity);
    const parts = chosen
      .map((item) => {
        const was = taken.get(item.id) ?? { amountKopecks: 0, moneyPartKopecks: 0, pendingKopecks: 0 };
        const amount = Math.max(0, Math.min(item.amountKopecks - was.amountKopecks, left));
        left -= amount;
        return { item, amount, moneyPart: moneyPartOf(item, was.moneyPartKopecks, amount) };
      })
      .filter((p) => p.amount > 0);
    const amount = parts.reduce((sum, p) => sum + p.amount, 0);
    if (amount === 0) return { isHeld: chosen.some((i) => (taken.get(i.id)?.pendingKopecks ?? 0) > 0) };
    // What goes back as money; to bonuses nothing does, and the bonus part of a payment never does.
    const moneyBack = (input.to ?? 'money') === 'money' ? parts.reduce((sum, p) => sum + p.moneyPart, 0) : 0;
    return { payment, parts, amount, moneyBack };
  }

  /**
   * A refund's money went back (or it never needed the provider): the items, the payment, the orders'
   * paid sums, the bonus programme and the history follow, under the payment's lock, from the refund's
   * rows as they were written. Called once per refund: the rows were just written succeeded, or moved
   * there from pending by the caller.
   */
  async function writeRefund(
    tx: Tx,
    payment: PaymentRow,
    rows: PaymentRefundRow[],
    actor: Actor,
    options: { isReconciled?: boolean } = {},
  ): Promise<PaymentRow> {
    const items = new Map(((await findItemsOf(tx, [payment.id])).get(payment.id) ?? []).map((i) => [i.id, i]));
    const refundParts: RefundPart[] = [];
    for (const row of rows) {
      const item = items.get(row.itemId)!;
      await addItemRefunded(tx, item.id, row.amountKopecks);
      refundParts.push({
        refundId: row.id,
        itemId: item.id,
        orderId: item.orderId,
        orderNumber: item.orderNumber,
        amountKopecks: row.amountKopecks,
        destination: row.destination,
        moneyPartKopecks: row.moneyPartKopecks,
        toBonusKopecks: row.destination === 'bonus' ? row.amountKopecks : row.amountKopecks - row.moneyPartKopecks,
      });
    }
    const amount = rows.reduce((sum, r) => sum + r.amountKopecks, 0);
    const total = payment.refundedKopecks + amount;
    // The payment's status after a refund (the settlement's moveTo is its one writer).
    const updated = await settlement.moveTo(tx, payment, total === payment.amountKopecks ? 'refunded' : 'succeeded', {
      refundedKopecks: total,
    });
    const refunded = rows.map((r) => items.get(r.itemId)!);
    const changes = await settlement.syncPaid(
      tx,
      refunded.flatMap((i) => (i.orderId ? [i.orderId] : [])),
      refunded.flatMap((i) => (i.invoiceId ? [i.invoiceId] : [])),
    );
    // The bonus programme credits what goes to bonuses and takes back the cashback of what was refunded.
    await events.refunded.emit(tx, { ...paymentMomentOf(payment), parts: refundParts });
    const providerRefundId = rows[0]!.providerRefundId;
    const note = [
      rows[0]!.comment,
      providerRefundId ? `возврат у платёжного сервиса ${providerRefundId}` : '',
      options.isReconciled ? 'подтверждён проверкой у платёжного сервиса' : '',
    ]
      .filter(Boolean)
      .join('; ');
    await settlement.record(tx, payment, 'refunded', { actor, statusAfter: updated.status, amountKopecks: amount, comment: note, changes });
    await settlement.tellRefunded(tx, updated, amount, rows[0]!.destination === 'bonus');
    return updated;
  }

  /** A pending refund the provider made: written, once (whoever settles it second finds it settled and gets null). */
  async function completeRefund(
    paymentId: string,
    key: string,
    providerRefundId: string,
    actor: Actor,
    options: { isReconciled?: boolean; after?: (tx: Tx) => Promise<number> } = {},
  ): Promise<{ payment: PaymentRow; amountKopecks: number; dueAfterKopecks: number | null } | null> {
    return locked(paymentId, async (payment, tx) => {
      const rows = await settleRefundRows(tx, key, { status: 'succeeded', providerRefundId, isReconciled: options.isReconciled ?? false });
      if (rows.length === 0) return null;
      const updated = await writeRefund(tx, payment, rows, actor, options);
      return {
        payment: updated,
        amountKopecks: rows.reduce((sum, r) => sum + r.amountKopecks, 0),
        dueAfterKopecks: options.after ? await options.after(tx) : null,
      };
    });
  }

  /** The provider refused: the refund is failed and what it held is free to refund again. */
  async function failRefund(paymentId: string, key: string, failure: string, isReconciled: boolean): Promise<void> {
    await locked(paymentId, (_payment, tx) => settleRefundRows(tx, key, { status: 'failed', failure, isReconciled }));
  }

  /**
   * The same request every time for one refund: the provider replays the refund it made for the key
   * only for the same body. It carries the refund receipt of 54-FZ (the payment had a receipt): the
   * lines of the orders and invoices the refund's rows give money back for (receipt-lines.ts).
   */
  async function providerRefundOf(payment: PaymentRow, key: string, rows: PaymentRefundRow[]): Promise<CreateProviderRefund> {
    const items = new Map(((await findItemsOf(db, [payment.id])).get(payment.id) ?? []).map((i) => [i.id, i]));
    const refunded = rows.map((row) => ({ row, item: items.get(row.itemId)! }));
    const ids = (pick: (item: PaymentItemRow) => string | null) => refunded.flatMap(({ item }) => pick(item) ?? []);
    const [found, invoices] = await db.transaction(async (tx) => [
      await orders.findForPayment(
        tx,
        ids((i) => i.orderId),
      ),
      settlement.invoices
        ? await settlement.invoices.findForPayment(
            tx,
            ids((i) => i.invoiceId),
          )
        : [],
    ]);
    const lines = refundReceiptLinesOf(
      refunded.map(({ row, item }) => ({
        moneyKopecks: row.moneyPartKopecks,
        order: found.find((o) => o.id === item.orderId) ?? null,
        invoice: invoices.find((i) => i.id === item.invoiceId) ?? null,
        orderNumber: item.orderNumber,
        invoiceNumber: item.invoiceNumber,
      })),
    );
    return {
      idempotenceKey: key,
      providerPaymentId: payment.providerPaymentId!,
      amountKopecks: rows.reduce((sum, r) => sum + r.moneyPartKopecks, 0),
      description: `Возврат по платежу №${payment.number}`,
      receipt: { phone: payment.payerPhone, lines },
    };
  }

  /**
   * Asks the provider what became of a pending refund (docs/decisions/024): by its provider id if it
   * has one, else among the payment's refunds by our key, else once more with the same key — the
   * provider answers with the refund it made for the key, or makes it now as it was asked to. Settles
   * it by the answer; leaves it pending when the provider does not answer or is still at it. A refund
   * older than the provider keeps keys for is not asked again: unknown to the provider, it failed.
   * Answers what it wrote, if it completed the refund.
   */
  async function reconcileRefund(
    key: string,
    options: { isJob: boolean },
  ): Promise<{ payment: PaymentRow; amountKopecks: number; dueAfterKopecks: number | null } | null> {
    if (askingNow.has(key)) return null;
    const rows = (await findRefundRows(db, key)).filter((r) => r.status === 'pending');
    if (rows.length === 0) return null;
    const payment = await findPayment(db, rows[0]!.paymentId);
    if (!payment?.providerPaymentId || !provider || provider.name !== payment.provider) {
      log?.warn({ key, paymentId: rows[0]!.paymentId }, 'pending refund of a provider the shop does not use now: not asked');
      return null;
    }
    askingNow.add(key);
    let remote: ProviderRefund | null = null;
    try {
      const knownId = rows.find((r) => r.providerRefundId)?.providerRefundId;
      if (knownId) remote = await provider.getRefund(knownId);
      remote ??= (await provider.listRefunds(payment.providerPaymentId)).find((r) => r.refundKey === key) ?? null;
      if (!remote) {
        if (Date.now() - rows[0]!.createdAt.getTime() > KEY_LIFETIME_MS) {
          await failRefund(payment.id, key, 'Платёжный сервис не знает этот возврат', options.isJob);
          return null;
        }
        remote = await provider.refund(await providerRefundOf(payment, key, rows));
      }
    } catch (error) {
      if (error instanceof ProviderError && !error.isUnknown) {
        await failRefund(payment.id, key, error.message, options.isJob);
        return null;
      }
      log?.warn(
        { err: error, key, paymentId: payment.id },
        'pending refund not settled: the provider did not answer; next turn asks again',
      );
      return null;
    } finally {
      askingNow.delete(key);
    }
    if (remote.status === 'succeeded') return completeRefund(payment.id, key, remote.id, null, { isReconciled: options.isJob });
    if (remote.status === 'canceled') {
      await failRefund(payment.id, key, remote.cancellationReason ?? 'отклонён', options.isJob);
    } else {
      await db.transaction((tx) => setPendingRefundProviderId(tx, key, remote.id));
    }
    return null;
  }

  /**
   * The refund itself (see refund()). It is recorded before the provider is asked (docs/decisions/024):
   * under the payment's lock the remainder is read (pending refunds count as taken, whatever their
   * destination) and the refund written pending with its own key; then the provider is asked with that
   * key, outside any transaction; then the refund is completed or failed. A refund that needs no
   * provider (to bonuses, a transfer, cash, a bonus part) is written complete in the one transaction.
   * `limit` caps what goes back, read under the same lock.
   */
  async function refundPayment(
    id: string,
    actor: Actor,
    input: RefundInput & { limit?: (tx: Tx) => Promise<number>; label?: string },
  ): Promise<{ payment: PaymentRow; amountKopecks: number; dueAfterKopecks: number | null }> {
    const destination = input.to ?? 'money';
    // A refund of this payment left pending by a crash (or a provider that did not answer) is settled
    // first: the press that finds it finishes it rather than refunding the same money once more.
    // Only money refunds wait for the provider: a press for money that finds one is answered by it.
    let resumed: Awaited<ReturnType<typeof reconcileRefund>> = null;
    for (const key of await findPendingRefundKeys(db, new Date(), id)) resumed = (await reconcileRefund(key, { isJob: false })) ?? resumed;
    if (destination !== 'money') resumed = null;

    const comment = [input.label, destination === 'bonus' ? 'на бонусный счёт' : '', input.comment].filter(Boolean).join('; ');
    const key = `refund-${randomUUID()}`;
    // Ours from the moment it is written: no other press or job turn of this process asks about it.
    askingNow.add(key);
    try {
      const started = await locked(id, async (payment, tx) => {
        if (payment.status !== 'succeeded') {
          if (resumed) return { kind: 'resumed' as const, done: resumed };
          throw new AppError('CONFLICT', `Вернуть можно только прошедший платёж; платёж №${payment.number} — нет`);
        }
        const plan = await planRefund(tx, payment, input);
        if (!('parts' in plan)) {
          if (resumed) return { kind: 'resumed' as const, done: resumed };
          throw new AppError(
            'CONFLICT',
            plan.isHeld
              ? 'Этот возврат уже оформлен и ждёт ответа платёжного сервиса: обновите страницу через минуту'
              : 'Возвращать нечего: эти деньги уже вернули',
          );
        }
        const isByProvider = plan.moneyBack > 0 && payment.provider !== null && payment.providerPaymentId !== null;
        if (isRefundByHand(destination, [{ refundKopecks: plan.moneyBack, isOnline: payment.provider !== null }]) && !input.comment) {
          throw new AppError('BAD_REQUEST', REFUND_BY_HAND_COMMENT_MESSAGE, { field: 'comment' });
        }
        if (isByProvider && !provider) {
          throw new AppError(
            'CONFLICT',
            'Онлайн-оплата в магазине сейчас не подключена: вернуть деньги через платёжный сервис нельзя, верните их переводом',
          );
        }
        const rows = await insertRefundRows(
          tx,
          plan.parts.map((p) => ({
            paymentId: id,
            itemId: p.item.id,
            amountKopecks: p.amount,
            destination,
            moneyPartKopecks: p.moneyPart,
            status: isByProvider ? ('pending' as const) : ('succeeded' as const),
            idempotenceKey: key,
            ...(isByProvider ? {} : { settledAt: new Date() }),
            comment,
            actorId: actor?.id ?? null,
          })),
        );
        if (isByProvider) return { kind: 'pending' as const, payment, rows };
        const updated = await writeRefund(tx, payment, rows, actor);
        const done = { payment: updated, amountKopecks: plan.amount, dueAfterKopecks: input.limit ? await input.limit(tx) : null };
        return { kind: 'done' as const, done };
      });
      if (started.kind !== 'pending') return started.done;

      const { payment, rows } = started;
      let refund: ProviderRefund;
      try {
        refund = await provider!.refund(await providerRefundOf(payment, key, rows));
      } catch (error) {
        if (error instanceof ProviderError && !error.isUnknown) {
          await failRefund(id, key, error.message, false);
          throw new AppError('BAD_GATEWAY', `Возврат не прошёл: ${error.message}`);
        }
        // No answer: the provider may have made it. The refund stays pending and holds its sum; the
        // reconcile job (or the next press on this payment) asks again with the same key.
        throw new AppError(
          'BAD_GATEWAY',
          'Платёжный сервис не ответил. Возврат записан и будет проверен автоматически в течение нескольких минут — не оформляйте его заново',
        );
      }
      if (refund.status === 'canceled') {
        await failRefund(id, key, refund.cancellationReason ?? 'отклонён', false);
        throw new AppError('BAD_GATEWAY', 'Платёжный сервис отклонил возврат. Попробуйте позже или верните переводом');
      }
      if (refund.status === 'pending') {
        await db.transaction((tx) => setPendingRefundProviderId(tx, key, refund.id));
        throw new AppError(
          'BAD_GATEWAY',
          'Платёжный сервис принял возврат, но ещё не провёл его. Магазин запишет возврат сам, как только сервис подтвердит',
        );
      }
      const completed = await completeRefund(id, key, refund.id, actor, { ...(input.limit ? { after: input.limit } : {}) });
      // Settled meanwhile by the job (its turn found the provider's answer first): the same refund, written once.
      if (completed) return completed;
      const amount = rows.reduce((sum, r) => sum + r.amountKopecks, 0);
      return { payment: (await findPayment(db, id))!, amountKopecks: amount, dueAfterKopecks: null };
    } finally {
      askingNow.delete(key);
    }
  }

  /**
   * The provider's refunds of one payment against the shop's: a refund of ours still pending that the
   * provider lists by our key is settled by it; one the shop does not know is kept for the admin to see.
   */
  async function compareProviderRefunds(payment: PaymentRow): Promise<void> {
    if (!provider || provider.name !== payment.provider || !payment.providerPaymentId) return;
    const listed = await provider.listRefunds(payment.providerPaymentId);
    const known = await findKnownProviderRefundIds(db, payment.id);
    const unknown = listed.filter((r) => !known.ids.has(r.id) && !(r.refundKey && known.keys.has(r.refundKey)));
    await db.transaction((tx) =>
      replaceUnknownProviderRefunds(
        tx,
        payment.id,
        unknown.map((r) => ({ providerRefundId: r.id, amountKopecks: r.amountKopecks, status: r.status, providerCreatedAt: r.createdAt })),
      ),
    );
  }

  return {
    details,

    /**
     * The reconcile job's turn: every refund pending since before `pendingBefore` is asked of the
     * provider and settled (a crash between the provider's refund and its record, a provider that did
     * not answer). Each failure is logged and left for the next turn.
     */
    async reconcileRefunds({ pendingBefore }: { pendingBefore: Date }): Promise<void> {
      for (const key of await findPendingRefundKeys(db, pendingBefore)) {
        await reconcileRefund(key, { isJob: true }).catch((error: unknown) => {
          log?.warn({ err: error, key }, 'pending refund not reconciled; next turn will retry');
        });
      }
    },

    /** The compare job's turn: the refunds of payments refunded since `refundedSince` are listed at the provider and compared. */
    async compareProviderRefunds({ refundedSince }: { refundedSince: Date }): Promise<void> {
      for (const payment of await findPaymentsRefundedSince(db, refundedSince)) {
        await compareProviderRefunds(payment).catch((error: unknown) => {
          log?.warn({ err: error, paymentId: payment.id }, 'provider refunds not compared; next turn will retry');
        });
      }
    },

    /** Where the shop and the provider disagree, for «Оплаты». */
    differences: () => providerDifferences(db, paymentWindowMinutes ? { paymentWindowMinutes } : {}),

    async list(query: ListQuery | PaymentListQuery) {
      const q = paymentListQuerySchema.parse(query);
      const phoneDigits = phoneSearchDigits(q.phone);
      if (q.phone && !phoneDigits) return { items: [], total: 0, totals: { receivedKopecks: 0, pendingKopecks: 0, refundedKopecks: 0 } };
      const found = await listPayments(db, { ...q, phoneDigits, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return {
        items: await adminViews(found.rows),
        total: found.total,
        totals: { receivedKopecks: found.receivedKopecks, pendingKopecks: found.pendingKopecks, refundedKopecks: found.refundedKopecks },
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
        const canceled = await settlement.close(tx, payment, 'canceled', 'canceled', actor, reason || 'Отменён магазином');
        await settlement.tellCanceled(tx, canceled, reason);
        return canceled;
      });
      return details(id);
    },

    /**
     * Gives money back: the whole payment, one order's part, or at most `amountKopecks` of it. The
     * refund is written pending (holding its sum) before the provider is asked with its own key, so a
     * second press finds nothing left, and a press after a crash finishes the pending refund instead
     * of making another (docs/decisions/024).
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
     * bonuses) or all to the bonus account. Pending refunds of the order count as taken: of two
     * admins pressing at once one records the refund and the other gets 409, as does a press after
     * the money went back.
     */
    async refundDue(orderId: string, actor: Actor, comment: string, to: RefundDestination = 'money'): Promise<RefundDueResult> {
      const plan = await db.transaction(async (tx) => {
        const [order] = await orders.findForPayment(tx, [orderId], { forUpdate: true });
        if (!order) throw new AppError('NOT_FOUND', 'Заказ не найден');
        const due = await dueLeftOf(tx, orderId);
        if (due === 0) {
          throw new AppError(
            'CONFLICT',
            order.isCanceled
              ? `Возвращать нечего: заказ №${order.number} отменён, и денег на нём нет`
              : `Возвращать нечего: заказ №${order.number} не оплачен сверх суммы`,
          );
        }
        const sources = allocateRefundDue(due, await findRefundableItemsOf(tx, [orderId])).filter((s) => s.refundKopecks > 0);
        if (isRefundByHand(to, sources) && !comment) {
          throw new AppError('BAD_REQUEST', REFUND_BY_HAND_COMMENT_MESSAGE, { field: 'comment' });
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
          limit: (tx) => dueLeftOf(tx, orderId),
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
