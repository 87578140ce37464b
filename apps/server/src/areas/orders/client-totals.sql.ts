import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { moscowMonthOf, moscowMonthStart } from '../../shared/moscow-calendar.js';
import { orderClientMonths, orderClientTotals, orders } from './orders.schema.js';

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
 * longer period is the difference of the running totals at its two ends (docs/decisions/021). The
 * name is the one on the phone's latest order on every path. A phone whose orders in the set are all
 * canceled and hold no money is no client of the set.
 */
export function clientTotalsSource(filter: OrderSetFilter): SQL {
  if (isWhole(filter)) {
    return sql`select ${orderClientTotals.phone} as phone, ${orderClientTotals.clientName} as client_name,
      ${orderClientTotals.ordersCount} as orders_count, ${orderClientTotals.goodsKopecks} as goods_kopecks,
      ${orderClientTotals.paidKopecks} as paid_kopecks, ${orderClientTotals.dueKopecks} as due_kopecks,
      ${orderClientTotals.lastOrderAt} as last_order_at
      from ${orderClientTotals} where ${orderClientTotals.ordersCount} > 0 or ${orderClientTotals.paidKopecks} > 0`;
  }
  if (filter.purchaseId || isShortPeriod(filter)) return summedOrdersSource(filter);
  return periodByMonthsSource(filter);
}

/** Two calendar months at most: summing their orders is as quick as reading the monthly totals. */
function isShortPeriod({ from, to }: OrderSetFilter): boolean {
  return from !== undefined && to !== undefined && moscowMonthOf(new Date(to.getTime() - 1)) - moscowMonthOf(from) <= 1;
}

const live = sql`${orders.canceledAt} is null`;

/** The four figures summed over orders `o`, as `orders_count, goods_kopecks, paid_kopecks, due_kopecks`. */
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
 * A phone's running totals at the end of month `month`: the totals row `t` when its span ends by
 * then, nothing before its span starts, else its month row `m` (joined on that month).
 */
function monthEnd(t: string, m: string, month: number, figure: Figure | 'last_order_at'): SQL {
  const [tt, mm] = [sql.raw(t), sql.raw(m)];
  const zero = figure === 'last_order_at' ? sql`null` : sql`0`;
  return sql`case when ${tt}.last_month <= ${month} then ${tt}.${sql.raw(figure)} when ${tt}.first_month > ${month} then ${zero} else ${mm}.${sql.raw(figure)} end`;
}

/**
 * A long period as the difference of the running totals at its two ends. The total up to a moment
 * inside a month is the running total at a month's end plus or minus the orders between that month's
 * end and the moment — from whichever side is nearer, so at most half a month of orders is read for
 * `from`. For `to` only the phones with an order at or after it are looked up: for a period ending
 * today that is none, and their totals are the whole.
 */
function periodByMonthsSource({ from, to }: OrderSetFilter): SQL {
  const joins: SQL[] = [];
  let before: (figure: Figure) => SQL = () => sql`0`;
  if (from) {
    const month = moscowMonthOf(from);
    const [start, next] = [moscowMonthStart(month), moscowMonthStart(month + 1)];
    const forward = from.getTime() - start.getTime() <= next.getTime() - from.getTime();
    const endMonth = forward ? month - 1 : month;
    joins.push(sql`left join ${orderClientMonths} mf on mf.phone = t.phone and mf.month = ${endMonth}`);
    const hasEdge = from.getTime() !== start.getTime();
    if (hasEdge) joins.push(sql`left join (${forward ? edgeSums(start, from) : edgeSums(from, next)}) ef on ef.phone = t.phone`);
    before = (figure) =>
      hasEdge
        ? sql`(${monthEnd('t', 'mf', endMonth, figure)} ${sql.raw(forward ? '+' : '-')} coalesce(ef.${sql.raw(figure)}, 0))`
        : monthEnd('t', 'mf', endMonth, figure);
  }
  let upTo: (figure: Figure | 'last_order_at') => SQL = (figure) => sql`t.${sql.raw(figure)}`;
  if (to) {
    joins.push(sql`left join (${upToSums(to)}) pt on pt.phone = t.phone`);
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

/** The totals up to `to` of the phones with an order at or after it (the rest: their totals). */
function upToSums(to: Date): SQL {
  const month = moscowMonthOf(to);
  const start = moscowMonthStart(month);
  const late = sql`select ${orderClientTotals.phone} as phone from ${orderClientTotals} where ${orderClientTotals.lastOrderAt} >= ${to.toISOString()}`;
  const hasEdge = to.getTime() !== start.getTime();
  const edge = hasEdge ? sql`left join (${edgeSums(start, to, late)}) et on et.phone = lt.phone` : sql``;
  const plusEdge = (figure: Figure) => (hasEdge ? sql` + coalesce(et.${sql.raw(figure)}, 0)` : sql``);
  const columns = FIGURES.map((name) => sql`${monthEnd('lt', 'mt', month - 1, name)}${plusEdge(name)} as ${sql.raw(name)}`);
  const last = hasEdge
    ? sql`greatest(et.last_order_at, ${monthEnd('lt', 'mt', month - 1, 'last_order_at')})`
    : monthEnd('lt', 'mt', month - 1, 'last_order_at');
  return sql`select lt.phone, ${sql.join(columns, sql`, `)}, ${last} as last_order_at
    from ${orderClientTotals} lt
    left join ${orderClientMonths} mt on mt.phone = lt.phone and mt.month = ${month - 1}
    ${edge}
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
