import type { DbOrTx } from '../../db/client.js';

/** What the purchases list shows of each purchase's orders (those not canceled). */
export type PurchaseStats = {
  ordersCount: number;
  dueKopecks: number;
  paidKopecks: number;
  /** Receiving: lines of those orders, and how many the warehouse has received. */
  linesCount: number;
  receivedLinesCount: number;
};

/**
 * Orders are another area, which depends on purchases; so purchases do not ask it directly — the
 * orders area provides this function through the purchases' public face when the app is assembled.
 * It reads figures the orders area keeps per purchase as orders change (docs/decisions/028), so a page
 * of the list costs the same however many orders the shop has.
 */
export type PurchaseOrderStatsSource = (db: DbOrTx, purchaseIds: string[]) => Promise<Map<string, PurchaseStats>>;

export const noOrderStats: PurchaseOrderStatsSource = async () => new Map();
