import { isOrderPayable, type PurchaseStatus } from '@vmeste/contract';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { PurchasesArea } from '../purchases/index.js';
import { inContext } from './order-context.js';
import { orderMoneyViewOf, type OrderMoneyView } from './order-money-view.js';
import { findOverpaidOrders } from './orders.repository.js';
import { orders } from './orders.schema.js';

/** An order as a payment needs it: its money, whether it may be paid now, and its lines for the receipt. */
export type OrderForPayment = OrderMoneyView & {
  purchaseTitle: string;
  purchaseStatus: PurchaseStatus;
  /** The card transfers for this purchase go to. */
  cardId: string | null;
  isPayable: boolean;
  /** `arrivedQuantity` is null until the line is received; a refund receipt lists the units that did not arrive. */
  lines: {
    product: string;
    article: string;
    options: string;
    quantity: number;
    unitPriceKopecks: number;
    arrivedQuantity: number | null;
  }[];
};

/** An order the shop owes money back (paid beyond its total, or canceled holding money), for the list of refunds due. */
export type OverpaidOrder = OrderMoneyView & { purchaseTitle: string };

export type PaidChange = { orderId: string; number: number; paidBeforeKopecks: number; paidAfterKopecks: number };

/**
 * What the orders area offers the payments area. Orders are locked in id order, so two payments
 * touching the same orders wait for each other instead of deadlocking.
 */
export function createOrderPayments({ purchases }: { purchases: PurchasesArea }) {
  async function findForPayment(tx: Tx, ids: string[], options: { forUpdate?: boolean } = {}): Promise<OrderForPayment[]> {
    if (ids.length === 0) return [];
    const query = tx
      .select()
      .from(orders)
      .where(inArray(orders.id, [...new Set(ids)]))
      .orderBy(asc(orders.id));
    const rows = options.forUpdate ? await query.for('update') : await query;
    return (await inContext(tx, purchases, rows)).map(({ row, lines, purchase }) => {
      const money = orderMoneyViewOf(row);
      return {
        ...money,
        purchaseTitle: purchase.title,
        purchaseStatus: purchase.status,
        cardId: purchase.cardId,
        isPayable: !money.isCanceled && isOrderPayable({ dueKopecks: money.dueKopecks, purchaseStatus: purchase.status }),
        lines: lines.map((l) => ({
          product: l.product,
          article: l.article,
          options: l.options,
          quantity: l.quantity,
          unitPriceKopecks: l.unitPriceKopecks,
          arrivedQuantity: l.arrivedQuantity,
        })),
      };
    });
  }

  return {
    findForPayment,

    /** Orders with a refund due (refundDueOf): live ones paid beyond their total, canceled ones holding money. By number. */
    async listOverpaid(db: DbOrTx): Promise<OverpaidOrder[]> {
      const rows = await findOverpaidOrders(db);
      const found = await purchases.findPurchases(db, [...new Set(rows.map((r) => r.purchaseId))]);
      const titleOf = new Map(found.map((p) => [p.id, p.title]));
      return rows.map((row) => ({ ...orderMoneyViewOf(row), purchaseTitle: titleOf.get(row.purchaseId) ?? '' }));
    },

    /**
     * Writes what each order has paid, as the payments area sums it from its items. An order of a
     * canceled purchase whose money all went back is canceled: it owes nothing and is owed nothing.
     */
    async setPaid(tx: Tx, paidByOrder: Map<string, number>): Promise<PaidChange[]> {
      const before = await findForPayment(tx, [...paidByOrder.keys()], { forUpdate: true });
      const changes: PaidChange[] = [];
      for (const order of before) {
        const paid = paidByOrder.get(order.id)!;
        const cancel = paid === 0 && order.purchaseStatus === 'canceled' && !order.isCanceled;
        if (paid !== order.paidKopecks || cancel) {
          await tx
            .update(orders)
            .set({ paidKopecks: paid, updatedAt: new Date(), ...(cancel ? { canceledAt: new Date() } : {}) })
            .where(eq(orders.id, order.id));
        }
        changes.push({ orderId: order.id, number: order.number, paidBeforeKopecks: order.paidKopecks, paidAfterKopecks: paid });
      }
      return changes;
    },
  };
}

/** Orders of a purchase that are not canceled, for the events that concern all of them. */
export async function liveOrderIdsOf(tx: Tx, purchaseId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.purchaseId, purchaseId), isNull(orders.canceledAt)));
  return rows.map((r) => r.id);
}

export type ExportedOrder = OrderMoneyView;

/** A purchase's live orders by number, a batch at a time, for exports that must not hold them all. */
export async function* purchaseOrderBatches(db: DbOrTx, purchaseId: string, batchSize = 100): AsyncGenerator<ExportedOrder[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.purchaseId, purchaseId), isNull(orders.canceledAt), gt(orders.number, after)))
      .orderBy(asc(orders.number))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(orderMoneyViewOf);
    after = rows[rows.length - 1]!.number;
    if (rows.length < batchSize) return;
  }
}
