import { sql } from 'drizzle-orm';
import { anyOfSql, type DbOrTx, rowsOf } from '../../db/client.js';

/**
 * Which of these orders an open payment holds (online and not yet paid, or a transfer whose receipt
 * waits for the check): the orders area does not remind their clients to pay meanwhile.
 */
export async function findOrdersInPayment(db: DbOrTx, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const result = await db.execute(sql`
    select distinct i.order_id as "orderId" from payment_items i
    where i.is_open and ${anyOfSql(sql`i.order_id`, orderIds, 'uuid')}`);
  return new Set(rowsOf<{ orderId: string }>(result).map((row) => row.orderId));
}
