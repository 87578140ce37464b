import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { PurchaseStats } from '../purchases/index.js';
import { orderPurchaseTotals } from './orders.schema.js';

export type PurchaseOrderCounts = PurchaseStats & {
  /** Orders with at least one line the warehouse has not received yet. */
  awaitingOrdersCount: number;
};

/**
 * Orders, money due and paid, and receiving (lines, lines received, orders still waiting) per purchase,
 * over orders that are not canceled: the purchases list and the warehouse's list of purchases. Read
 * from the figures the triggers of migration 0017 keep (docs/decisions/028): a purchase's rows summed,
 * a few per purchase, instead of every order line of the shop. A purchase without orders has no rows
 * and is absent from the map. In a transaction it includes that transaction's own changes.
 */
export async function findPurchaseStats(db: DbOrTx, purchaseIds: string[]): Promise<Map<string, PurchaseOrderCounts>> {
  if (purchaseIds.length === 0) return new Map();
  const t = orderPurchaseTotals;
  const rows = await db
    .select({
      purchaseId: t.purchaseId,
      ordersCount: sql<string>`sum(${t.ordersCount})`,
      dueKopecks: sql<string>`sum(${t.dueKopecks})`,
      paidKopecks: sql<string>`sum(${t.paidKopecks})`,
      linesCount: sql<string>`sum(${t.linesCount})`,
      receivedLinesCount: sql<string>`sum(${t.receivedLinesCount})`,
      awaitingOrdersCount: sql<string>`sum(${t.awaitingOrdersCount})`,
    })
    .from(t)
    .where(inArray(t.purchaseId, [...new Set(purchaseIds)]))
    .groupBy(t.purchaseId);
  return new Map(
    rows.map((r) => [
      r.purchaseId,
      {
        ordersCount: Number(r.ordersCount),
        dueKopecks: Number(r.dueKopecks),
        paidKopecks: Number(r.paidKopecks),
        linesCount: Number(r.linesCount),
        receivedLinesCount: Number(r.receivedLinesCount),
        awaitingOrdersCount: Number(r.awaitingOrdersCount),
      },
    ]),
  );
}
