import { sql } from 'drizzle-orm';
import { anyOfSql, type DbOrTx, rowsOf } from '../../db/client.js';
import type { OrderNoticeKind } from './order-notices.schema.js';
import { batches } from './orders-import.repository.js';

/** An order as a notice about it needs it. */
export type NoticeOrder = {
  id: string;
  number: number;
  phone: string;
  /** The client's confirmed account: a link to the cabinet instead of the order's own page. */
  userId: string | null;
  totalKopecks: number;
  paidKopecks: number;
};

/**
 * A purchase's live orders (or those of them given), by number. `quietSince`: only orders the client
 * was not told about since then (a reminder does not follow a fresh notice about the same order).
 */
export async function findNoticeOrders(
  db: DbOrTx,
  filter: { purchaseId: string; orderIds?: string[]; quietSince?: Date },
): Promise<NoticeOrder[]> {
  const idBatches = filter.orderIds ? batches(filter.orderIds) : [null];
  const found: NoticeOrder[] = [];
  for (const ids of idBatches) {
    const result = await db.execute(sql`
      select o.id, o.number, o.phone, o.user_id as "userId",
        o.total_kopecks::float8 as "totalKopecks", o.paid_kopecks::float8 as "paidKopecks"
      from orders o
      where o.purchase_id = ${filter.purchaseId}::uuid and o.canceled_at is null
        ${ids ? sql`and ${anyOfSql(sql`o.id`, ids, 'uuid')}` : sql``}
        ${
          filter.quietSince
            ? sql`and not exists (select 1 from order_notices n where n.order_id = o.id and n.created_at > ${filter.quietSince.toISOString()}::timestamptz)`
            : sql``
        }
      order by o.number`);
    found.push(...rowsOf<NoticeOrder>(result));
  }
  return found;
}

/**
 * Records that these orders' clients are told (kind, occasion); answers the orders recorded now. An
 * order already told for the occasion — by an earlier request, another instance, a job's earlier
 * turn — is left out, and waits here until that other transaction ends (the key's row lock).
 */
export async function recordNotices(
  tx: DbOrTx,
  kind: OrderNoticeKind,
  notices: { orderId: string; occasion: string }[],
  at: Date,
): Promise<Set<string>> {
  const recorded = new Set<string>();
  for (const batch of batches(notices)) {
    const json = JSON.stringify(batch.map((n) => ({ order_id: n.orderId, occasion: n.occasion })));
    const result = await tx.execute(sql`
      insert into order_notices (order_id, kind, occasion, created_at)
      select t.order_id, ${kind}, t.occasion, ${at.toISOString()}::timestamptz
      from json_to_recordset(${json}::json) as t(order_id uuid, occasion text)
      on conflict do nothing
      returning order_id as "orderId"`);
    for (const row of rowsOf<{ orderId: string }>(result)) recorded.add(row.orderId);
  }
  return recorded;
}
