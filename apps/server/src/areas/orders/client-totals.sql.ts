import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { moscowHalfMonthOf, moscowHalfMonthStart, moscowMonthOf } from '../../shared/moscow-calendar.js';
import { dueSql, orderColumns } from './order-money.sql.js';
import { orderClientHalfMonths, orderClientTotals, orders } from './orders.schema.js';

/** Which orders a report counts: created in [from, to) and of one purchase; none of them means all. */
export type OrderSetFilter = { from?: Date; to?: Date; purchaseId?: string };

const isWhole = (f: OrderSetFilter) => !f.from && !f.to && !f.purchaseId;

/** The figures every path gives, in this order; canceled orders count only with the money on them. */
const FIGURES = ['orders_count', 'goods_kopecks', 'paid_kopecks', 'due_kopecks'] as const;
type Figure = (typeof FIGURES)[number];

/**
 * Each phone's orders as a subquery for a report: `phone, client_name, orders_count, goods_kopecks,
 * paid_kopecks, due_kopecks, last_order_at`. All orders come from the totals the trigger keeps; a
 * purchase or a period of a few weeks sums its orders (by the purchase and created_at indexes); a
 * longer period is the difference of the half-monthly running totals at its two ends (decision 021). The
 * name is the one on the phone's latest order on every path. A phone whose orders in the set are all
 * canceled and hold no money is no client of the set.
 */
export function clientTotalsSource(filter: OrderSetFilter, payablePurchases: SQL): SQL {
  return sql`select c.phone, c.client_name, c.orders_count, c.goods_kopecks, c.paid_kopecks,
      coalesce(d.due_kopecks, 0)::bigint as due_kopecks, c.last_order_at
    from (${figuresSource(filter)}) c left join (${payableDueSource(filter, payablePurchases)}) d on d.phone = c.phone`;
}

/**
 * «Долг» is what the client is asked to pay now (`isOrderPayable`): the unpaid rest of the live orders
 * of purchases that take payments, summed from the orders themselves — an order of a purchase still
 * collecting owes nothing yet, and the trigger's totals cannot follow a purchase changing its stage.
 * Those purchases are the current ones, so their orders are few beside the shop's history.
 */
function payableDueSource(filter: OrderSetFilter, payablePurchases: SQL): SQL {
  const inSet = orderSetCondition(filter);
  return sql`select ${orders.phone} as phone, sum(${dueSql(orderColumns)})::bigint as due_kopecks
    from ${orders}
    where ${orders.purchaseId} in (select pp.purchase_id from (${payablePurchases}) pp) and ${live}${inSet ? sql` and ${inSet}` : sql``}
    group by ${orders.phone}`;
}

/** The figures of the phones' orders (`due_kopecks` of all their orders, replaced above by the payable part). */
function figuresSource(filter: OrderSetFilter): SQL {
  if (isWhole(filter)) {
    return sql`select ${orderClientTotals.phone} as phone, ${orderClientTotals.clientName} as client_name,
      ${orderClientTotals.ordersCount} as orders_count, ${orderClientTotals.goodsKopecks} as goods_kopecks,
      ${orderClientTotals.paidKopecks} as paid_kopecks, ${orderClientTotals.dueKopecks} as due_kopecks,
      ${orderClientTotals.lastOrderAt} as last_order_at
      from ${orderClientTotals} where ${orderClientTotals.ordersCount} > 0 or ${orderClientTotals.paidKopecks} > 0`;
  }
  if (filter.purchaseId || isShortPeriod(filter)) return summedOrdersSource(filter);
  return periodByRunningTotalsSource(filter);
}

/** Two calendar months at most: summing their orders is as quick as reading the monthly totals. */
function isShortPeriod({ from, to }: OrderSetFilter): boolean {
  return from !== undefined && to !== undefined && moscowMonthOf(new Date(to.getTime() - 1)) - moscowMonthOf(from) <= 1;
}

const live = sql`${orders.canceledAt} is null`;

/** The four figures summed over the query's orders: `orders_count, goods_kopecks, paid_kopecks, due_kopecks`. */
const summedFigures = sql`(count(*) filter (where ${live}))::int as orders_count,
      coalesce(sum(${orders.goodsKopecks}) filter (where ${live}), 0)::bigint as goods_kopecks,
      coalesce(sum(${orders.paidKopecks}), 0)::bigint as paid_kopecks,
      coalesce(sum(greatest(${orders.totalKopecks} - ${orders.paidKopecks}, 0)) filter (where ${live}), 0)::bigint as due_kopecks`;

function summedOrdersSource(filter: OrderSetFilter): SQL {
  return sql`select ${orders.phone} as phone, t.client_name as client_name, ${summedFigures},
      max(${orders.createdAt}) as last_order_at
    from ${orders} join ${orderClientTotals} t on t.phone = ${orders.phone}
    where ${orderSetCondition(filter)} group by ${orders.phone}, t.client_name
    having count(*) filter (where ${live}) > 0 or coalesce(sum(${orders.paidKopecks}), 0) > 0`;
}

/** The orders of [from, to) summed per phone, with their latest date; `onlyPhones` narrows the phones first. */
function edgeSums(from: Date, to: Date, onlyPhones?: SQL): SQL {
  const narrowed = onlyPhones ? sql` join (${onlyPhones}) np on np.phone = ${orders.phone}` : sql``;
  return sql`select ${orders.phone} as phone, ${summedFigures}, max(${orders.createdAt}) as last_order_at
    from ${orders}${narrowed}
    where ${orders.createdAt} >= ${from.toISOString()} and ${orders.createdAt} < ${to.toISOString()}
    group by ${orders.phone}`;
}

/**
 * A phone's running totals at the end of half-month `half`: the totals row `t` when its span ends by
 * then, nothing before its span starts, else its half-month row `m` (joined on that half-month).
 */
function halfEnd(t: string, m: string, half: number, figure: Figure | 'last_order_at'): SQL {
  const [tt, mm] = [sql.raw(t), sql.raw(m)];
  const zero = figure === 'last_order_at' ? sql`null` : sql`0`;
  return sql`case when ${tt}.last_half_month <= ${half} then ${tt}.${sql.raw(figure)} when ${tt}.first_half_month > ${half} then ${zero} else ${mm}.${sql.raw(figure)} end`;
}

/**
 * The running totals of phone row `t` up to a moment: those at the end of the half-month before plus
 * the orders since its half-month started (forward), or those of its own half-month less the orders
 * from the moment on (backward). Joins `<m>` (the half-month row) and `<e>` (the orders of the edge) onto `t`.
 */
function upToMoment(
  moment: Date,
  { t, m, e, reach, edgePhones }: { t: string; m: string; e: string; reach: 'forward' | 'nearer'; edgePhones?: SQL },
) {
  const half = moscowHalfMonthOf(moment);
  const [start, next] = [moscowHalfMonthStart(half), moscowHalfMonthStart(half + 1)];
  // From the half-month's start, or from its end when that is nearer: at most eight days of orders.
  const side = reach === 'nearer' && moment.getTime() - start.getTime() > next.getTime() - moment.getTime() ? 'backward' : 'forward';
  const endHalf = side === 'forward' ? half - 1 : half;
  const hasEdge = moment.getTime() !== start.getTime();
  const joins = [
    sql`left join ${orderClientHalfMonths} ${sql.raw(m)} on ${sql.raw(m)}.phone = ${sql.raw(t)}.phone and ${sql.raw(m)}.half_month = ${endHalf}`,
  ];
  if (hasEdge) {
    const edge = side === 'forward' ? edgeSums(start, moment, edgePhones) : edgeSums(moment, next, edgePhones);
    joins.push(sql`left join (${edge}) ${sql.raw(e)} on ${sql.raw(e)}.phone = ${sql.raw(t)}.phone`);
  }
  const sign = sql.raw(side === 'forward' ? '+' : '-');
  return {
    joins,
    figure: (figure: Figure) =>
      hasEdge
        ? sql`(${halfEnd(t, m, endHalf, figure)} ${sign} coalesce(${sql.raw(e)}.${sql.raw(figure)}, 0))`
        : halfEnd(t, m, endHalf, figure),
    /** Forward only: a half-month's end less some orders cannot say which of them was the latest. */
    lastOrderAt: () =>
      hasEdge
        ? sql`greatest(${sql.raw(e)}.last_order_at, ${halfEnd(t, m, endHalf, 'last_order_at')})`
        : halfEnd(t, m, endHalf, 'last_order_at'),
  };
}

/**
 * A long period as the difference of the running totals at its two ends. `from` is reached from the
 * nearer half-month end. `to` is reached forward (the latest order date needs it: at most 16 days of
 * orders); a period ending today or later looks up only the phones with an order at or after `to` —
 * none, usually, so their totals row is the answer — while a past one looks up every phone.
 */
function periodByRunningTotalsSource({ from, to }: OrderSetFilter, now = new Date()): SQL {
  const joins: SQL[] = [];
  let before: (figure: Figure) => SQL = () => sql`0`;
  if (from) {
    const start = upToMoment(from, { t: 't', m: 'mf', e: 'ef', reach: 'nearer' });
    joins.push(...start.joins);
    before = start.figure;
  }
  let upTo: (figure: Figure | 'last_order_at') => SQL = (figure) => sql`t.${sql.raw(figure)}`;
  if (to && to.getTime() <= now.getTime()) {
    const end = upToMoment(to, { t: 't', m: 'mt', e: 'et', reach: 'forward' });
    joins.push(...end.joins);
    upTo = (figure) => (figure === 'last_order_at' ? end.lastOrderAt() : end.figure(figure));
  } else if (to) {
    joins.push(sql`left join (${lateUpTo(to)}) pt on pt.phone = t.phone`);
    upTo = (figure) => sql`case when pt.phone is null then t.${sql.raw(figure)} else pt.${sql.raw(figure)} end`;
  }
  const figure = (name: Figure) => sql`(${upTo(name)} - ${before(name)})`;
  const lastOrderAt = from
    ? sql`case when ${upTo('last_order_at')} >= ${from.toISOString()} then ${upTo('last_order_at')} end`
    : upTo('last_order_at');
  return sql`select t.phone as phone, t.client_name as client_name,
      ${figure('orders_count')}::int as orders_count, ${figure('goods_kopecks')}::bigint as goods_kopecks,
      ${figure('paid_kopecks')}::bigint as paid_kopecks, ${figure('due_kopecks')}::bigint as due_kopecks,
      ${lastOrderAt} as last_order_at
    from ${orderClientTotals} t ${sql.join(joins, sql` `)}
    where ${figure('orders_count')} > 0 or ${figure('paid_kopecks')} > 0`;
}

/** The running totals up to `to` of only the phones with an order at or after it. */
function lateUpTo(to: Date): SQL {
  const late = sql`select ${orderClientTotals.phone} as phone from ${orderClientTotals} where ${orderClientTotals.lastOrderAt} >= ${to.toISOString()}`;
  const end = upToMoment(to, { t: 'lt', m: 'mt', e: 'et', reach: 'forward', edgePhones: late });
  const columns = FIGURES.map((name) => sql`${end.figure(name)} as ${sql.raw(name)}`);
  return sql`select lt.phone, ${sql.join(columns, sql`, `)}, ${end.lastOrderAt()} as last_order_at
    from ${orderClientTotals} lt ${sql.join(end.joins, sql` `)}
    where lt.last_order_at >= ${to.toISOString()}`;
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
