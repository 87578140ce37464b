import { type SQL, sql } from 'drizzle-orm';
import { paymentItems, paymentRefunds, payments } from './payments.schema.js';

/**
 * Money for orders as a subquery for a report: `order_id, at, amount_kopecks`, one row per paid
 * order item (its money part, at the moment it was paid) and one per refund of one (its money part,
 * negative, at the refund). Bonuses are not money: a part paid with them is left out.
 */
export function orderRevenueSource(): SQL {
  return sql`select i.order_id as order_id, p.paid_at as at, (i.amount_kopecks - i.bonus_kopecks)::bigint as amount_kopecks
      from ${paymentItems} i join ${payments} p on p.id = i.payment_id
      where i.kind = 'order' and p.paid_at is not null
    union all
    select i.order_id, r.created_at, -r.money_part_kopecks::bigint
      from ${paymentRefunds} r join ${paymentItems} i on i.id = r.item_id
      where i.kind = 'order' and r.money_part_kopecks > 0 and r.status = 'succeeded'`;
}
