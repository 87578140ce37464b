import type { DbOrTx } from '../../db/client.js';
import type { PurchaseRow, PurchasesArea } from '../purchases/index.js';
import { findLinesOf } from './orders.repository.js';
import type { OrderLineRow, OrderRow } from './orders.schema.js';

/** An order row with what every view of it needs: its lines and its purchase. */
export type OrderInContext = { row: OrderRow; lines: OrderLineRow[]; purchase: PurchaseRow };

/**
 * Reads the lines and the purchases of these orders together, in two queries whatever their number;
 * the views of the client, the admin, payments and the warehouse are all made from this.
 */
export async function inContext(db: DbOrTx, purchases: PurchasesArea, rows: OrderRow[]): Promise<OrderInContext[]> {
  const [lines, found] = await Promise.all([
    findLinesOf(
      db,
      rows.map((r) => r.id),
    ),
    purchases.findPurchases(
      db,
      rows.map((r) => r.purchaseId),
    ),
  ]);
  const purchaseById = new Map(found.map((p) => [p.id, p]));
  return rows.map((row) => ({ row, lines: lines.get(row.id) ?? [], purchase: purchaseById.get(row.purchaseId)! }));
}
