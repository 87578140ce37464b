import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { orderClientTotals, orders } from './orders.schema.js';

/** Which orders a report counts: created in [from, to) and of one purchase; none of them means all. */
export type OrderSetFilter = { from?: Date; to?: Date; purchaseId?: string };

const isWhole = (f: OrderSetFilter) => !f.from && !f.to && !f.purchaseId;

/**
 * Each phone's orders as a subquery for a report: `phone, client_name, orders_count, goods_kopecks,
 * paid_kopecks, due_kopecks, last_order_at`. All orders come from the totals the trigger keeps; a
 * period or a purchase sums the orders themselves (by the created_at and purchase indexes). The
 * figures follow the same rules either way: canceled orders count only with the money on them.
 */
export function clientTotalsSource(filter: OrderSetFilter): SQL {
  if (isWhole(filter)) {
    return sql`select ${orderClientTotals.phone} as phone, ${orderClientTotals.clientName} as client_name,
      ${orderClientTotals.ordersCount} as orders_count, ${orderClientTotals.goodsKopecks} as goods_kopecks,
      ${orderClientTotals.paidKopecks} as paid_kopecks, ${orderClientTotals.dueKopecks} as due_kopecks,
      ${orderClientTotals.lastOrderAt} as last_order_at
      from ${orderClientTotals} where ${orderClientTotals.ordersCount} > 0 or ${orderClientTotals.paidKopecks} > 0`;
  }
  const live = sql`${orders.canceledAt} is null`;
  // The same rows the totals table gives (orders_count > 0 or paid_kopecks > 0): a phone whose orders
  // in the set are all canceled and hold no money is no client of the set.
  return sql`select ${orders.phone} as phone,
      (array_agg(${orders.clientName} order by ${orders.createdAt} desc))[1] as client_name,
      (count(*) filter (where ${live}))::int as orders_count,
      coalesce(sum(${orders.goodsKopecks}) filter (where ${live}), 0)::bigint as goods_kopecks,
      coalesce(sum(${orders.paidKopecks}), 0)::bigint as paid_kopecks,
      coalesce(sum(greatest(${orders.totalKopecks} - ${orders.paidKopecks}, 0)) filter (where ${live}), 0)::bigint as due_kopecks,
      max(${orders.createdAt}) as last_order_at
    from ${orders} where ${orderSetCondition(filter)} group by ${orders.phone}
    having count(*) filter (where ${live}) > 0 or coalesce(sum(${orders.paidKopecks}), 0) > 0`;
}

/** The orders of a report's set with their phone, for figures other areas keep per order (money by week). */
export function orderPhonesSource(filter: OrderSetFilter): SQL {
  const where = orderSetCondition(filter);
  return sql`select ${orders.id} as order_id, ${orders.phone} as phone from ${orders}${where ? sql` where ${where}` : sql``}`;
}

function orderSetCondition(filter: OrderSetFilter): SQL | undefined {
  return and(
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.to ? lt(orders.createdAt, filter.to) : undefined,
    filter.purchaseId ? eq(orders.purchaseId, filter.purchaseId) : undefined,
  );
}
