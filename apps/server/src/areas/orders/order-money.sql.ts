import { type SQL, sql } from 'drizzle-orm';
import { orders } from './orders.schema.js';

/**
 * SQL twins of the order money rules in @vmeste/contract (order-money.ts), for updates and filters
 * over many orders at once. Change both together: order-money.sql.test.ts runs each pair on the same
 * inputs, including a fee that falls on half a kopeck.
 */

/** Twin of `orderTotalsOf`: the fee, half-up to the kopeck, in integers only. */
export function organizerFeeSql(goodsKopecks: SQL, feeBasisPoints: SQL): SQL {
  return sql`floor((${goodsKopecks} * ${feeBasisPoints} + 5000) / 10000)`;
}

/** Twin of `dueOf`. */
export function dueSql(t: { total: SQL; paid: SQL; canceledAt: SQL }): SQL {
  return sql`(case when ${t.canceledAt} is not null then 0 else greatest(${t.total} - ${t.paid}, 0) end)`;
}

/** Twin of `refundDueOf`: a live order's money beyond its total, all the money of a canceled one. */
export function refundDueSql(t: { total: SQL; paid: SQL; canceledAt: SQL }): SQL {
  return sql`(case when ${t.canceledAt} is not null then greatest(${t.paid}, 0) else greatest(${t.paid} - ${t.total}, 0) end)`;
}

/** Twin of `paymentStateOf`. */
export function paymentStateSql(t: { total: SQL; paid: SQL; canceledAt: SQL }): SQL {
  return sql`(case
    when ${t.canceledAt} is not null then (case when ${t.paid} > 0 then 'refund_due' else 'canceled' end)
    when ${t.paid} >= ${t.total} then 'paid' when ${t.paid} > 0 then 'partially_paid' else 'unpaid' end)`;
}

/** The columns of the orders table in the shape the twins take. */
export const orderColumns = {
  total: sql`${orders.totalKopecks}`,
  paid: sql`${orders.paidKopecks}`,
  canceledAt: sql`${orders.canceledAt}`,
};
