import { basisPointsToPercent, dueOf, type PurchaseEvent, type PurchaseFeeChange, refundDueOf } from '@vmeste/contract';
import type { Tx } from '../../db/client.js';
import type { PurchaseEventRow } from './purchases.schema.js';

/** A live order's money as the fee change compares it, before and after the orders recompute. */
export type FeeOrderMoney = { id: string; totalKopecks: number; paidKopecks: number };

/** The purchase's live orders, locked by the caller's transaction: the orders area provides it. */
export type FeeOrdersSource = (tx: Tx, purchaseId: string) => Promise<FeeOrderMoney[]>;

export const noFeeOrders: FeeOrdersSource = async () => [];

type Figures = Omit<PurchaseFeeChange, 'purchaseId' | 'isApplied' | 'feeBeforePercent' | 'feeAfterPercent'>;

/**
 * What a fee change moved, order by order, from the same orders read before and after their totals
 * were recomputed (the recompute itself is the orders area's, so the figures cannot drift from it).
 * Money due again counts only orders that had paid something: an unpaid order's new total is simply
 * its new price.
 */
export function feeChangeFiguresOf(before: FeeOrderMoney[], after: FeeOrderMoney[]): Figures {
  const afterById = new Map(after.map((o) => [o.id, o]));
  const figures: Figures = {
    ordersCount: before.length,
    changedOrdersCount: 0,
    totalBeforeKopecks: 0,
    totalAfterKopecks: 0,
    newlyDueOrdersCount: 0,
    newlyDueKopecks: 0,
    refundDueOrdersCount: 0,
    refundDueKopecks: 0,
  };
  for (const was of before) {
    const now = afterById.get(was.id) ?? was;
    figures.totalBeforeKopecks += was.totalKopecks;
    figures.totalAfterKopecks += now.totalKopecks;
    if (now.totalKopecks !== was.totalKopecks) figures.changedOrdersCount += 1;
    const live = (o: FeeOrderMoney) => ({ ...o, isCanceled: false });
    const moreDue = dueOf(live(now)) - dueOf(live(was));
    if (was.paidKopecks > 0 && moreDue > 0) {
      figures.newlyDueOrdersCount += 1;
      figures.newlyDueKopecks += moreDue;
    }
    const moreRefund = refundDueOf(live(now)) - refundDueOf(live(was));
    if (moreRefund > 0) {
      figures.refundDueOrdersCount += 1;
      figures.refundDueKopecks += moreRefund;
    }
  }
  return figures;
}

/** A row of the purchase's audit log as the admin reads it. */
export function toPurchaseEventView(row: PurchaseEventRow): PurchaseEvent {
  const percentOf = (basisPoints: number | null) => (basisPoints === null ? null : basisPointsToPercent(basisPoints));
  return {
    id: row.id,
    action: row.action,
    actorName: row.actorName,
    feeBeforePercent: percentOf(row.feeBeforeBasisPoints),
    feeAfterPercent: percentOf(row.feeAfterBasisPoints),
    figures: row.figures ?? null,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}
