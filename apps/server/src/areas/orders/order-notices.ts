import { dueOf, isOrderPayable, MOSCOW_OFFSET_MS, type PurchaseStatus, payablePurchaseStatuses } from '@vmeste/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { inSlices } from '../../shared/event-loop.js';
import { moscowDayOf } from '../../shared/moscow-calendar.js';
import type { Messenger } from '../messaging/index.js';
import type { PurchaseRow, PurchasesArea } from '../purchases/index.js';
import { orderPlacedText, paymentOpenedText, paymentReminderText } from './order-messages.js';
import { findNoticeOrders, type NoticeOrder, recordNotices } from './order-notices.repository.js';
import type { OrderNoticeKind } from './order-notices.schema.js';

/** Which of these orders a payment under way holds (a receipt waiting for the check): given by the payments area. */
export type OrdersInPaymentSource = (db: DbOrTx, orderIds: string[]) => Promise<Set<string>>;

/** Reminders go out in the daytime, Moscow time: the job's turns outside these hours send nothing. */
export const REMINDER_HOURS = { from: 10, until: 21 };
/** A client told about an order within this time is not reminded of it yet (payment opened an hour ago). */
const QUIET_HOURS = 12;
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

const dueOfOrder = (order: NoticeOrder) => dueOf({ totalKopecks: order.totalKopecks, paidKopecks: order.paidKopecks, isCanceled: false });
const isPayable = (order: NoticeOrder, status: PurchaseStatus) => isOrderPayable({ dueKopecks: dueOfOrder(order), purchaseStatus: status });

/**
 * What the client is told about an order without asking (docs/decisions/030): a new order, payment
 * opened, a reminder before the deadline. Each notice is recorded in order_notices under its
 * occasion and written with its message in the same transaction, so it goes exactly once however
 * often the change is repeated, by whichever request, instance or job turn (decision 027).
 */
export function createOrderNotices({
  db,
  purchases,
  messenger,
  publicUrl,
}: {
  db: Db;
  purchases: PurchasesArea;
  messenger: Messenger;
  publicUrl: string;
}) {
  let ordersInPayment: OrdersInPaymentSource = async () => new Set();

  /** Records the notices and writes the messages of those not told before; answers how many went. */
  async function tell(
    tx: Tx,
    kind: OrderNoticeKind,
    occasion: string,
    orders: NoticeOrder[],
    textOf: (order: NoticeOrder) => string,
    at = new Date(),
  ): Promise<number> {
    if (orders.length === 0) return 0;
    const recorded = await recordNotices(
      tx,
      kind,
      orders.map((o) => ({ orderId: o.id, occasion })),
      at,
    );
    // An import tells thousands of clients at once: their texts are written a slice at a time.
    const messages: { phone: string; kind: OrderNoticeKind; text: string }[] = [];
    await inSlices(orders, (o) => {
      if (recorded.has(o.id)) messages.push({ phone: o.phone, kind, text: textOf(o) });
    });
    await messenger.notifyMany(tx, messages);
    return messages.length;
  }

  /** Within the purchase's status change: a step into the stages where orders are paid opens payment. */
  async function statusChanged(tx: Tx, purchase: PurchaseRow, from: PurchaseStatus): Promise<void> {
    if (!payablePurchaseStatuses.includes(purchase.status) || payablePurchaseStatuses.includes(from)) return;
    const payable = (await findNoticeOrders(tx, { purchaseId: purchase.id })).filter((o) => isPayable(o, purchase.status));
    await tell(tx, 'payment_opened', purchase.status, payable, (o) => paymentOpenedText(o, dueOfOrder(o), purchase, publicUrl));
  }

  /** Within the import (or the hand entry) that created these orders, once their totals and accounts are written. */
  async function ordersPlaced(tx: Tx, purchase: PurchaseRow, orderIds: string[]): Promise<void> {
    if (orderIds.length === 0) return;
    const placed = await findNoticeOrders(tx, { purchaseId: purchase.id, orderIds });
    await tell(tx, 'order_imported', 'created', placed, (o) =>
      orderPlacedText(o, dueOfOrder(o), isPayable(o, purchase.status), purchase, publicUrl),
    );
  }

  /**
   * The reminder job's turn: each order still due in a purchase whose payment deadline is tomorrow
   * (or today, when tomorrow's turn was missed), Moscow time, is reminded once per deadline; orders
   * a payment is under way for, and orders told about within the last hours, wait for a later turn.
   */
  async function remind(now = new Date()): Promise<number> {
    const hour = new Date(now.getTime() + MOSCOW_OFFSET_MS).getUTCHours();
    if (hour < REMINDER_HOURS.from || hour >= REMINDER_HOURS.until) return 0;
    const today = moscowDayOf(now);
    const tomorrow = moscowDayOf(new Date(now.getTime() + DAY_MS));
    const due = (await purchases.findPurchasesByStatuses(db, payablePurchaseStatuses)).filter(
      (p): p is PurchaseRow & { paymentDeadline: string } => p.paymentDeadline === today || p.paymentDeadline === tomorrow,
    );
    let reminded = 0;
    for (const purchase of due) {
      reminded += await db.transaction(async (tx) => {
        const quietSince = new Date(now.getTime() - QUIET_HOURS * HOUR_MS);
        const candidates = (await findNoticeOrders(tx, { purchaseId: purchase.id, quietSince })).filter((o) =>
          isPayable(o, purchase.status),
        );
        const held = await ordersInPayment(
          tx,
          candidates.map((o) => o.id),
        );
        const isToday = purchase.paymentDeadline === today;
        return tell(
          tx,
          'payment_reminder',
          purchase.paymentDeadline,
          candidates.filter((o) => !held.has(o.id)),
          (o) => paymentReminderText(o, dueOfOrder(o), purchase, isToday, publicUrl),
          now,
        );
      });
    }
    return reminded;
  }

  return {
    statusChanged,
    ordersPlaced,
    remind,
    provideOrdersInPayment(source: OrdersInPaymentSource): void {
      ordersInPayment = source;
    },
  };
}

export type OrderNotices = ReturnType<typeof createOrderNotices>;
