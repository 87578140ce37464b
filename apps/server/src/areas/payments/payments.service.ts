import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type ClientPaymentMethod,
  type CreatePaymentResult,
  formatMoney,
  type Payment,
  purchaseStatusTitles,
  transferCommentOf,
} from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { FileStorage, OpenedFile } from '../../integrations/storage/file-storage.js';
import { AppError } from '../../shared/app-error.js';
import type { CardsArea } from '../cards/index.js';
import type { OrderForPayment, OrdersArea } from '../orders/index.js';
import { type InvoiceForPayment, invoiceTitleOf } from './invoice-source.js';
import type { Settlement } from './payment-settlement.js';
import { toPaymentView } from './payment-view.js';
import {
  deletePayment,
  findItemsOf,
  findOpenPaymentsOf,
  findOpenPaymentsOfInvoices,
  findPayment,
  insertPayment,
  listUserPayments,
  updatePayment,
} from './payments.repository.js';
import type { PaymentRow, TransferCard } from './payments.schema.js';
import { type PaymentProvider, ProviderError } from './providers/payment-provider.js';
import { checkReceiptFile } from './receipt-file.js';
import { discountedLines, receiptLinesOf } from './receipt-lines.js';
import { type PaymentEvents, paymentMomentOf } from './payment-events.js';
import { splitProportionally } from '../../shared/proportional-split.js';

export const PAYMENT_NOT_FOUND = 'Платёж не найден';
const ORDER_NOT_FOUND = 'Заказ не найден';
export const ONLINE_PAYMENT_OFF = 'Онлайн-оплата в магазине не подключена: оплатите переводом на карту';
export const NOT_THE_PAYER =
  'Этот платёж начат не здесь: отправить чек или отказаться от него может тот, кто начал оплату (в том же браузере), владелец заказа в личном кабинете или магазин';

/**
 * Who asks to act on a payment (send its receipt, give it up): the signed-in account, if any, and the
 * payer token the browser kept from starting a payment by order link.
 */
export type PayerClaim = { userId: string | null; isAdmin: boolean; payerToken: string | undefined };

/** The token's hash is kept, never the token: the database alone does not let anyone act as the payer. */
const hashOfPayerToken = (token: string) => createHash('sha256').update(token).digest('hex');

function isPayerToken(token: string | undefined, hash: string | null): boolean {
  if (!token || !hash) return false;
  return timingSafeEqual(Buffer.from(hashOfPayerToken(token)), Buffer.from(hash));
}

/** Refuses orders that cannot be paid now, naming the first reason a client can act on. */
function requirePayable(orders: OrderForPayment[]) {
  for (const order of orders) {
    if (order.isCanceled) throw new AppError('CONFLICT', `Заказ №${order.number} отменён: оплачивать его не нужно`);
    if (order.dueKopecks === 0) throw new AppError('CONFLICT', `Заказ №${order.number} уже оплачен`);
    if (!order.isPayable) {
      throw new AppError(
        'CONFLICT',
        `Заказ №${order.number} пока нельзя оплатить: закупка «${order.purchaseTitle}» в статусе «${purchaseStatusTitles[order.purchaseStatus]}»`,
      );
    }
  }
}

type PayInput = {
  orderIds?: string[];
  invoiceIds?: string[];
  method: ClientPaymentMethod;
  /** Bonuses to cover part (or all) of the sum; only from the cabinet. */
  bonusKopecks?: number;
  userId: string | null;
  /** The signed-in client's phone: delivery invoices are theirs by phone, as parcels are. */
  payerPhone?: string;
};

/** What the provider shows the payer: «Заказы №12, №15; доставка по счёту №3». */
export function paymentDescriptionOf(orderNumbers: number[], invoiceNumbers: number[]): string {
  const parts = orderNumbers.length > 0 ? [transferCommentOf(orderNumbers)] : [];
  if (invoiceNumbers.length > 0) {
    const numbers = invoiceNumbers.map((n) => `№${n}`).join(', ');
    parts.push(`${parts.length > 0 ? 'доставка' : 'Доставка'} по ${invoiceNumbers.length === 1 ? 'счёту' : 'счетам'} ${numbers}`);
  }
  return parts.join('; ');
}

function totalOf(orders: { dueKopecks: number }[], invoices: { dueKopecks: number }[]): number {
  return [...orders, ...invoices].reduce((sum, x) => sum + x.dueKopecks, 0);
}

export async function requireNoOpenPayment(tx: Tx, orderIds: string[], hint: string): Promise<void> {
  const [open] = await findOpenPaymentsOf(tx, orderIds);
  if (open) throw new AppError('CONFLICT', `Заказ №${open.orderNumber} уже в оплате (платёж №${open.paymentNumber}): ${hint}`);
}

export function createPaymentsService({
  db,
  orders,
  cards,
  storage,
  provider,
  settlement,
  events,
  log,
}: {
  events: PaymentEvents;
  db: Db;
  orders: OrdersArea;
  cards: CardsArea;
  storage: FileStorage;
  /** Null when the shop takes no online payments: card and SBP are refused, transfers and cash work. */
  provider: PaymentProvider | null;
  settlement: Settlement;
  log: FastifyBaseLogger;
}) {
  async function views(rows: PaymentRow[]): Promise<Payment[]> {
    const items = await findItemsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toPaymentView(r, items.get(r.id) ?? []));
  }

  /** The payer's view of one payment, with where its orders' goods are (the result page's next step depends on it). */
  async function viewOne(id: string): Promise<Payment> {
    const row = await findPayment(db, id);
    if (!row) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND);
    const items = (await findItemsOf(db, [row.id])).get(row.id) ?? [];
    const orderIds = items.flatMap((i) => (i.orderId ? [i.orderId] : []));
    const goods = new Map((await orders.fulfilment.findWarehouseOrders(db, orderIds)).map((o) => [o.id, o.fulfilmentStatus]));
    return toPaymentView(row, items, goods);
  }

  /** Writes the payments in one transaction with the orders locked: of many concurrent requests for an order, one wins. */
  async function createRows(
    input: PayInput,
    payerTokenHash: string | null,
  ): Promise<{ payment: PaymentRow; orders: OrderForPayment[]; invoices: InvoiceForPayment[] }[]> {
    return db.transaction(async (tx) => {
      const invoices = await lockInvoices(tx, input);
      // Locked in id order (no deadlocks), then kept by number: the transfer comment, the provider's
      // description and the receipt read «Заказы №12, №15», as the client and the admin count them.
      const orderIds = input.orderIds ?? [];
      const found = (await orders.findForPayment(tx, orderIds, { forUpdate: true })).sort((a, b) => a.number - b.number);
      if (found.length !== orderIds.length) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND, { field: 'orderIds' });
      if (input.userId && found.some((o) => o.userId !== input.userId))
        throw new AppError('NOT_FOUND', ORDER_NOT_FOUND, { field: 'orderIds' });
      requirePayable(found);
      await requireNoOpenPayment(
        tx,
        found.map((o) => o.id),
        'дождитесь её результата или откажитесь от неё',
      );

      const bonus = checkBonusPart(input, found, invoices);
      const isByBonus = bonus > 0 && bonus === totalOf(found, invoices);
      const isOnline = input.method !== 'transfer' && !isByBonus;
      if (isOnline && !provider) throw new AppError('CONFLICT', ONLINE_PAYMENT_OFF, { field: 'method' });
      const groups = input.method === 'transfer' && !isByBonus ? await groupByCard(tx, found) : [{ orders: found, card: null, invoices }];
      const created: { payment: PaymentRow; orders: OrderForPayment[]; invoices: InvoiceForPayment[] }[] = [];
      for (const group of groups) {
        const groupInvoices = 'invoices' in group ? group.invoices : [];
        const payer = group.orders[0] ?? { phone: groupInvoices[0]!.phone, clientName: groupInvoices[0]!.clientName };
        const amounts = [...group.orders.map((o) => o.dueKopecks), ...groupInvoices.map((i) => i.dueKopecks)];
        // Transfers to several cards carry no bonuses (checkBonusPart), so a bonus part is in one group.
        const itemBonuses = splitProportionally(bonus, amounts);
        let payment = await insertPayment(
          tx,
          {
            method: isByBonus ? 'bonus' : input.method,
            amountKopecks: totalOf(group.orders, groupInvoices),
            bonusKopecks: bonus,
            userId: input.userId,
            payerPhone: payer.phone,
            payerName: payer.clientName,
            payerTokenHash,
            provider: isOnline ? provider!.name : null,
            cardId: group.card?.id ?? null,
            transferCard: group.card?.view ?? null,
            transferComment: group.card ? transferCommentOf(group.orders.map((o) => o.number)) : null,
          },
          [
            ...group.orders.map((o) => ({
              kind: 'order' as const,
              orderId: o.id,
              orderNumber: o.number,
              purchaseId: o.purchaseId,
              purchaseTitle: o.purchaseTitle,
              amountKopecks: o.dueKopecks,
            })),
            ...groupInvoices.map((i) => ({
              kind: 'delivery_invoice' as const,
              invoiceId: i.id,
              invoiceNumber: i.number,
              purchaseTitle: invoiceTitleOf(i),
              amountKopecks: i.dueKopecks,
            })),
          ].map((item, index) => ({ ...item, bonusKopecks: itemBonuses[index]! })),
        );
        await settlement.record(tx, payment, 'created', {
          actor: null,
          statusBefore: null,
          statusAfter: 'pending',
          amountKopecks: payment.amountKopecks,
          comment: bonus > 0 ? `Бонусами ${formatMoney(bonus)}` : '',
        });
        // The bonus programme takes the bonuses now; not enough of them refuses the whole payment.
        await events.created.emit(tx, paymentMomentOf(payment));
        if (isByBonus) {
          payment = await settlement.succeed(tx, payment, 'paid_by_bonus', null);
          await settlement.tellSucceeded(tx, payment);
        }
        created.push({ payment, orders: group.orders, invoices: groupInvoices });
      }
      return created;
    });
  }

  /**
   * The bonus part a client asked for, checked against the sum and the way of paying; the balance
   * and the cap are the bonus programme's to check (events.created).
   */
  function checkBonusPart(input: PayInput, found: OrderForPayment[], invoices: InvoiceForPayment[]): number {
    const bonus = input.bonusKopecks ?? 0;
    if (bonus === 0) return 0;
    if (!input.userId) {
      throw new AppError('BAD_REQUEST', 'Бонусами можно оплатить только из личного кабинета', { field: 'bonusKopecks' });
    }
    const total = totalOf(found, invoices);
    if (bonus > total) {
      throw new AppError('BAD_REQUEST', `Бонусов больше, чем сумма к оплате (${formatMoney(total)})`, { field: 'bonusKopecks' });
    }
    if (bonus < total && input.method === 'transfer') {
      throw new AppError('CONFLICT', 'Если часть суммы оплачивается бонусами, остаток — только картой онлайн или через СБП', {
        field: 'bonusKopecks',
      });
    }
    return bonus;
  }

  /**
   * The client's delivery invoices, locked with their payments' rules: their own, payable, in no
   * open payment. They are paid online only: a transfer goes to a purchase's card, and delivery
   * belongs to no purchase.
   */
  async function lockInvoices(tx: Tx, input: PayInput): Promise<InvoiceForPayment[]> {
    const ids = input.invoiceIds ?? [];
    if (ids.length === 0) return [];
    if (input.method === 'transfer') {
      throw new AppError('CONFLICT', 'Счёт за доставку оплачивается картой онлайн или через СБП', { field: 'method' });
    }
    const source = settlement.invoices;
    const found = source ? await source.findForPayment(tx, ids, { forUpdate: true }) : [];
    if (found.length !== ids.length || (input.payerPhone && found.some((i) => i.phone !== input.payerPhone))) {
      throw new AppError('NOT_FOUND', 'Счёт за доставку не найден', { field: 'invoiceIds' });
    }
    for (const invoice of found) {
      if (invoice.notPayableReason) throw new AppError('CONFLICT', `Счёт №${invoice.number}: ${invoice.notPayableReason}`);
    }
    const [open] = await findOpenPaymentsOfInvoices(
      tx,
      found.map((i) => i.id),
    );
    if (open) {
      throw new AppError(
        'CONFLICT',
        `Счёт №${open.invoiceNumber} уже в оплате (платёж №${open.paymentNumber}): дождитесь её результата или откажитесь от неё`,
      );
    }
    return found.sort((a, b) => a.number - b.number);
  }

  /** Transfers go to the card of each order's purchase: one payment per card. */
  async function groupByCard(tx: Tx, found: OrderForPayment[]) {
    const byCard = new Map<string, OrderForPayment[]>();
    for (const order of found) {
      if (!order.cardId) {
        throw new AppError(
          'CONFLICT',
          `Для закупки «${order.purchaseTitle}» не указана карта для перевода: выберите оплату картой онлайн или СБП`,
        );
      }
      byCard.set(order.cardId, [...(byCard.get(order.cardId) ?? []), order]);
    }
    const groups: { orders: OrderForPayment[]; card: { id: string; view: TransferCard } }[] = [];
    for (const [cardId, cardOrders] of byCard) {
      const card = await cards.findLiveCard(tx, cardId);
      if (!card || !card.isActive) {
        throw new AppError(
          'CONFLICT',
          `Карта для перевода по закупке «${cardOrders[0]!.purchaseTitle}» сейчас не принимает переводы: выберите оплату картой онлайн или СБП`,
        );
      }
      groups.push({
        orders: cardOrders,
        card: { id: card.id, view: { bank: card.bank, holderName: card.holderName, cardNumber: card.number, sbpPhone: card.sbpPhone } },
      });
    }
    return groups;
  }

  /**
   * The provider is asked after the payment is written (its id is the idempotence key), outside any
   * transaction; if it refuses or does not answer, the payment is removed again, so the orders are
   * payable at once and nothing half-made stays behind.
   */
  async function startOnline(
    payment: PaymentRow,
    found: OrderForPayment[],
    invoices: InvoiceForPayment[],
    method: 'card' | 'sbp',
  ): Promise<PaymentRow> {
    try {
      // createRows refused an online payment without a provider.
      const created = await provider!.createPayment({
        idempotenceKey: payment.id,
        amountKopecks: payment.amountKopecks - payment.bonusKopecks,
        method,
        description: paymentDescriptionOf(
          found.map((o) => o.number),
          invoices.map((i) => i.number),
        ),
        returnPath: `/payment-result?payment=${payment.id}`,
        metadata: { paymentId: payment.id },
        receipt: { phone: payment.payerPhone, lines: discountedLines(receiptLinesOf(found, invoices), payment.bonusKopecks) },
      });
      return await updatePayment(db, payment.id, { providerPaymentId: created.id, confirmationUrl: created.confirmationUrl });
    } catch (error) {
      await db.transaction(async (tx) => {
        await events.closed.emit(tx, paymentMomentOf(payment));
        await deletePayment(tx, payment.id);
      });
      if (error instanceof ProviderError) throw new AppError('BAD_GATEWAY', error.message);
      log.error({ err: error, paymentId: payment.id }, 'online payment was not started');
      throw error;
    }
  }

  /**
   * A payment by order link may come from anyone, with no account to tell the payer by: the browser
   * that starts it gets a random token (the web app keeps it in local storage by the payment) and
   * the receipt and the refusal are taken only with it. Cabinet payments are their client's by session.
   */
  async function pay(input: PayInput): Promise<CreatePaymentResult> {
    const payerToken = input.userId ? null : randomBytes(24).toString('base64url');
    const created = await createRows(input, payerToken ? hashOfPayerToken(payerToken) : null);
    if (created[0]!.payment.method === 'bonus') {
      return { payments: await views([created[0]!.payment]), redirectUrl: null, payerToken };
    }
    if (input.method === 'transfer') return { payments: await views(created.map((c) => c.payment)), redirectUrl: null, payerToken };
    const { payment, orders: paid, invoices } = created[0]!;
    const started = await startOnline(payment, paid, invoices, input.method);
    return { payments: await views([started]), redirectUrl: started.confirmationUrl, payerToken };
  }

  /**
   * The payment, if the claimant may act on it as its payer: the admin, the client who paid from the
   * cabinet, the browser holding the payer token, or the owner of one of its orders (a relative paid
   * by link, the client gives the payment up in the cabinet). Anyone else gets 403, not 404: the
   * payment is public by its id (the result page reads it), so 404 would hide nothing, while the
   * message tells a payer who switched browsers what to do.
   */
  async function payerPayment(id: string, claim: PayerClaim): Promise<PaymentRow> {
    const payment = await findPayment(db, id.toLowerCase());
    if (!payment) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND);
    if (claim.isAdmin || (payment.userId !== null && payment.userId === claim.userId)) return payment;
    if (isPayerToken(claim.payerToken, payment.payerTokenHash)) return payment;
    if (claim.userId && (await isOrderOwner(payment.id, claim.userId))) return payment;
    throw new AppError('FORBIDDEN', NOT_THE_PAYER);
  }

  async function isOrderOwner(paymentId: string, userId: string): Promise<boolean> {
    const orderIds = ((await findItemsOf(db, [paymentId])).get(paymentId) ?? []).flatMap((i) => (i.orderId ? [i.orderId] : []));
    if (orderIds.length === 0) return false;
    const found = await db.transaction((tx) => orders.findForPayment(tx, orderIds));
    return found.some((o) => o.userId === userId);
  }

  /** A transfer still waiting for its receipt (or whose receipt the admin has not checked yet). */
  function requireReceiptAwaited(payment: PaymentRow) {
    if (payment.method !== 'transfer') throw new AppError('CONFLICT', 'Чек нужен только для перевода на карту');
    if (payment.status !== 'pending' && payment.status !== 'awaiting_check') {
      throw new AppError('CONFLICT', `Платёж №${payment.number} уже закрыт: выберите заказы и оплатите их снова`);
    }
  }

  return {
    pay,
    get: viewOne,

    async listMine(userId: string): Promise<Payment[]> {
      return views(await listUserPayments(db, userId));
    },

    /**
     * The receipt replaces an earlier one while the admin has not decided yet. The payment is found and
     * its payer checked before the file is read, and the file checked before anything is written.
     */
    async uploadReceipt(id: string, claim: PayerClaim, readFile: () => Promise<Buffer>): Promise<Payment> {
      const found = await payerPayment(id, claim);
      requireReceiptAwaited(found);
      const paymentId = found.id;
      const data = await readFile();
      const file = await checkReceiptFile(data);
      const key = `receipts/${paymentId}-${randomBytes(6).toString('hex')}.${file.extension}`;
      await storage.put(key, data);
      let previousKey: string | null = null;
      try {
        await db.transaction(async (tx) => {
          // Looked at again under the lock: the admin may have decided while the file was coming.
          const payment = (await findPayment(tx, paymentId, { forUpdate: true }))!;
          requireReceiptAwaited(payment);
          previousKey = payment.receiptKey;
          await settlement.moveTo(tx, payment, 'awaiting_check', {
            receiptKey: key,
            receiptMime: file.mime,
            receiptUploadedAt: new Date(),
          });
          await settlement.record(tx, payment, 'receipt_uploaded', { actor: null, statusAfter: 'awaiting_check' });
        });
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      if (previousKey) await storage.delete(previousKey);
      return viewOne(paymentId);
    },

    /** The receipt as a stream: a large PDF goes from the storage to the answer a piece at a time. */
    async receiptFile(id: string, viewer: { userId: string; isAdmin: boolean }): Promise<{ file: OpenedFile; mime: string }> {
      const payment = await findPayment(db, id);
      // Another client's payment answers as a missing one: its existence is not theirs to learn.
      if (!payment || (!viewer.isAdmin && payment.userId !== viewer.userId) || !payment.receiptKey) {
        throw new AppError('NOT_FOUND', 'Чек не найден');
      }
      const file = await storage.open(payment.receiptKey);
      if (!file) throw new AppError('NOT_FOUND', 'Чек не найден');
      return { file, mime: payment.receiptMime ?? 'application/octet-stream' };
    },

    /** The payer gives up a payment that has not been paid, to choose another way. */
    async abandon(id: string, claim: PayerClaim): Promise<Payment> {
      const before = await payerPayment(id, claim);
      // An online payment may have been paid a moment ago: ask the provider first.
      if (before.providerPaymentId && before.status === 'pending') await settlement.applyFromProvider(before.providerPaymentId);
      await db.transaction(async (tx) => {
        const payment = (await findPayment(tx, before.id, { forUpdate: true }))!;
        if (payment.status === 'awaiting_check') throw new AppError('CONFLICT', 'Чек уже на проверке: дождитесь решения магазина');
        if (payment.status === 'succeeded' || payment.status === 'refunded') throw new AppError('CONFLICT', 'Этот платёж уже прошёл');
        if (payment.status !== 'pending') return;
        await settlement.close(tx, payment, 'canceled', 'abandoned', null, 'Вы отказались от этого платежа');
      });
      return viewOne(before.id);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
