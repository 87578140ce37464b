import {
  isPhoneSearchText,
  normalizePhone,
  phoneSearchDigits,
  type ClientReportRow,
  type ClientReportSortKey,
  type ClientReportTotals,
} from '@vmeste/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client.js';
import { cursorBatches } from '../../shared/cursor-batches.js';
import { containsPattern } from '../../shared/like-pattern.js';

/** The subqueries the owning areas give through their faces; this file only joins them. */
export type ClientReportSources = {
  /** phone, client_name, orders_count, goods_kopecks, paid_kopecks, due_kopecks, last_order_at. */
  orders: SQL;
  /** user_id, phone, name, registered_at, referrals_count. */
  accounts: SQL;
  /** user_id, balance_kopecks, earned_kopecks. */
  bonus: SQL;
  /** A period or a purchase: only clients with orders in it; otherwise accounts without orders too. */
  isOrderSet: boolean;
};

export type ClientRowsFilter = { q?: string | undefined; onlyDue?: boolean };

const sortColumns: Record<ClientReportSortKey, string> = {
  phone: 'phone',
  name: 'name',
  registeredAt: 'registered_at',
  ordersCount: 'orders_count',
  goodsKopecks: 'goods_kopecks',
  paidKopecks: 'paid_kopecks',
  dueKopecks: 'due_kopecks',
  bonusBalanceKopecks: 'bonus_balance_kopecks',
  cashbackKopecks: 'cashback_kopecks',
  referralsCount: 'referrals_count',
  lastOrderAt: 'last_order_at',
};

/** One row per client: the accounts and the phones with orders, joined by phone. */
function rowsSql(sources: ClientReportSources): SQL {
  const join = sources.isOrderSet ? sql`right join` : sql`full join`;
  return sql`select coalesce(a.phone, o.phone) as phone,
      coalesce(nullif(a.name, ''), o.client_name, '') as name,
      a.registered_at as registered_at,
      coalesce(o.orders_count, 0)::int as orders_count,
      coalesce(o.goods_kopecks, 0)::bigint as goods_kopecks,
      coalesce(o.paid_kopecks, 0)::bigint as paid_kopecks,
      coalesce(o.due_kopecks, 0)::bigint as due_kopecks,
      coalesce(b.balance_kopecks, 0)::bigint as bonus_balance_kopecks,
      coalesce(b.earned_kopecks, 0)::bigint as cashback_kopecks,
      coalesce(a.referrals_count, 0)::int as referrals_count,
      o.last_order_at as last_order_at
    from (${sources.accounts}) a
    ${join} (${sources.orders}) o on o.phone = a.phone
    left join (${sources.bonus}) b on b.user_id = a.user_id`;
}

/**
 * What the search matches: a whole phone in any common form, a run of three or more digits inside
 * the phone (typed in any form), or the name by its words in any order — «Ольга Петрова» finds
 * «Петрова Ольга»; a word of three or more digits among them is a part of the phone.
 */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const phone = normalizePhone(text);
  if (phone) return sql`r.phone = ${phone}`;
  const digits = phoneSearchDigits(text);
  if (isPhoneSearchText(text) && digits.length >= 3) return sql`r.phone like ${containsPattern(digits)}`;
  const words = text
    .split(/\s+/)
    .map((word) =>
      isPhoneSearchText(word) && word.replace(/\D/g, '').length >= 3
        ? sql`r.phone like ${containsPattern(word.replace(/\D/g, ''))}`
        : sql`r.name ilike ${containsPattern(word)}`,
    );
  return sql.join(words, sql` and `);
}

function whereOf(filter: ClientRowsFilter): SQL {
  const conditions = [searchCondition(filter.q), filter.onlyDue ? sql`r.due_kopecks > 0` : undefined].filter(
    (c): c is SQL => c !== undefined,
  );
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** The filtered rows as a subquery `r`, for charts that count over the same set. */
export function filteredRowsSql(sources: ClientReportSources, filter: ClientRowsFilter): SQL {
  return sql`select r.* from (${rowsSql(sources)}) r where ${whereOf(filter)}`;
}

type RawRow = {
  phone: string;
  name: string;
  registered_at: Date | string | null;
  orders_count: number | string;
  goods_kopecks: number | string;
  paid_kopecks: number | string;
  due_kopecks: number | string;
  bonus_balance_kopecks: number | string;
  cashback_kopecks: number | string;
  referrals_count: number | string;
  last_order_at: Date | string | null;
};

const isoOf = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function rowOf(raw: RawRow): ClientReportRow {
  return {
    phone: raw.phone,
    name: raw.name,
    registeredAt: isoOf(raw.registered_at),
    ordersCount: Number(raw.orders_count),
    goodsKopecks: Number(raw.goods_kopecks),
    paidKopecks: Number(raw.paid_kopecks),
    dueKopecks: Number(raw.due_kopecks),
    bonusBalanceKopecks: Number(raw.bonus_balance_kopecks),
    cashbackKopecks: Number(raw.cashback_kopecks),
    referralsCount: Number(raw.referrals_count),
    lastOrderAt: isoOf(raw.last_order_at),
  };
}

function orderBy(sort: ClientReportSortKey, order: 'asc' | 'desc'): SQL {
  const column = sql.raw(sortColumns[sort]);
  const direction = sql.raw(order === 'asc' ? 'asc' : 'desc');
  // Ties (and empty dates) in a fixed order, so pages and the export never repeat or skip a client.
  return sql`${column} ${direction} nulls last, phone asc`;
}

const totalsOfRows = sql`count(*) as total_clients, sum(orders_count) as total_orders, sum(goods_kopecks) as total_goods,
  sum(paid_kopecks) as total_paid, sum(due_kopecks) as total_due, sum(bonus_balance_kopecks) as total_bonus,
  sum(cashback_kopecks) as total_cashback, sum(referrals_count) as total_referrals`;

type RawTotals = {
  total_clients: number | string | null;
  total_orders: number | string | null;
  total_goods: number | string | null;
  total_paid: number | string | null;
  total_due: number | string | null;
  total_bonus: number | string | null;
  total_cashback: number | string | null;
  total_referrals: number | string | null;
};

function totalsOf(raw: RawTotals | undefined): ClientReportTotals {
  const n = (v: number | string | null | undefined) => Number(v ?? 0);
  return {
    clients: n(raw?.total_clients),
    ordersCount: n(raw?.total_orders),
    goodsKopecks: n(raw?.total_goods),
    paidKopecks: n(raw?.total_paid),
    dueKopecks: n(raw?.total_due),
    bonusBalanceKopecks: n(raw?.total_bonus),
    cashbackKopecks: n(raw?.total_cashback),
    referralsCount: n(raw?.total_referrals),
  };
}

async function select<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * The totals of every client, without joining the sources row by row: each source summed on its own,
 * and the phones with orders but no account counted by an anti-join. The same figures as summing the
 * joined rows (a test compares them), at a fraction of the cost.
 */
async function findWholeTotals(db: DbOrTx, sources: ClientReportSources): Promise<ClientReportTotals> {
  const [raw] = await select<RawTotals>(
    db,
    sql`select
      (select count(*) from (${sources.accounts}) a) + (select count(*) from (${sources.orders}) o where not exists (select 1 from (${sources.accounts}) a where a.phone = o.phone)) as total_clients,
      o.total_orders, o.total_goods, o.total_paid, o.total_due,
      b.total_bonus, b.total_cashback,
      (select sum(a.referrals_count) from (${sources.accounts}) a) as total_referrals
    from (select sum(orders_count) as total_orders, sum(goods_kopecks) as total_goods, sum(paid_kopecks) as total_paid, sum(due_kopecks) as total_due
      from (${sources.orders}) x) o,
    (select sum(b.balance_kopecks) as total_bonus, sum(b.earned_kopecks) as total_cashback
      from (${sources.bonus}) b join (${sources.accounts}) a on a.user_id = b.user_id) b`,
  );
  return totalsOf(raw);
}

/**
 * A page of the report and the totals of the whole filtered set. Narrowed sets take both in one
 * statement over the filtered rows materialised once; the whole shop sums each source on its own and
 * sorts the joined rows for the page alone.
 */
export async function findClientReportPage(
  db: DbOrTx,
  sources: ClientReportSources,
  filter: ClientRowsFilter & { sort: ClientReportSortKey; order: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ items: ClientReportRow[]; total: number; totals: ClientReportTotals }> {
  if (!sources.isOrderSet && !filter.q?.trim() && !filter.onlyDue) {
    const [page, totals] = await Promise.all([
      select<RawRow>(
        db,
        sql`select f.* from (${rowsSql(sources)}) f
          order by ${orderBy(filter.sort, filter.order)} limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
      ),
      findWholeTotals(db, sources),
    ]);
    return { items: page.map(rowOf), total: totals.clients, totals };
  }
  // The filtered rows are materialised once for the page and the totals: all of them are needed, and
  // a plan costed for the first 25 rows (sorted early, then nested loops into the accounts) took
  // seconds. The totals row is always there, with the page's rows (none past the end) joined to it.
  const order = orderBy(filter.sort, filter.order);
  const raw = await select<(RawRow | { [K in keyof RawRow]: null }) & RawTotals>(
    db,
    sql`with f as materialized (${filteredRowsSql(sources, filter)}),
      totals as (select ${totalsOfRows} from f),
      page as (select * from f order by ${order} limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize})
      select page.*, totals.* from totals left join page on true order by ${order}`,
  );
  const totals = totalsOf(raw[0]);
  const items = raw.filter((r): r is RawRow & RawTotals => r.phone !== null).map(rowOf);
  return { items, total: totals.clients, totals };
}

/**
 * Every filtered row in the report's order, a batch at a time, for the XLSX: through a cursor where
 * the database allows one (the query runs once), else page by page of the same ordered query.
 */
export async function* clientReportBatches(
  db: Db,
  sources: ClientReportSources,
  filter: ClientRowsFilter & { sort: ClientReportSortKey; order: 'asc' | 'desc' },
  options: { cursor: boolean; batchSize: number },
): AsyncGenerator<ClientReportRow[]> {
  const ordered = sql`select f.* from (${filteredRowsSql(sources, filter)}) f order by ${orderBy(filter.sort, filter.order)}`;
  if (options.cursor) {
    for await (const batch of cursorBatches<RawRow>(db, ordered, options.batchSize)) yield batch.map(rowOf);
    return;
  }
  for (let offset = 0; ; offset += options.batchSize) {
    const raw = await select<RawRow>(db, sql`${ordered} limit ${options.batchSize} offset ${offset}`);
    if (raw.length > 0) yield raw.map(rowOf);
    if (raw.length < options.batchSize) return;
  }
}

/** Clients of the filtered set who signed up in each week (Monday, Moscow time) of [from, to). */
export async function findNewClientsByWeek(
  db: DbOrTx,
  sources: ClientReportSources,
  filter: ClientRowsFilter,
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const raw = await select<{ week: string | Date; n: number | string }>(
    db,
    sql`select to_char(date_trunc('week', f.registered_at at time zone 'Europe/Moscow'), 'YYYY-MM-DD') as week, count(*) as n
      from (${filteredRowsSql(sources, filter)}) f
      where f.registered_at >= ${from.toISOString()} and f.registered_at < ${to.toISOString()}
      group by 1`,
  );
  return new Map(raw.map((r) => [String(r.week), Number(r.n)]));
}

/**
 * Money for orders in each week of [from, to): of the orders in `orderPhones` (the purchase's, say)
 * and, when the set is narrowed to some clients, of theirs only.
 */
export async function findRevenueByWeek(
  db: DbOrTx,
  input: { revenue: SQL; orderPhones: SQL | null; clients: SQL | null; from: Date; to: Date },
): Promise<Map<string, number>> {
  const byOrders = input.orderPhones ? sql` join (${input.orderPhones}) op on op.order_id = m.order_id` : sql``;
  const byClients = input.clients && input.orderPhones ? sql` where op.phone in (select c.phone from (${input.clients}) c)` : sql``;
  const raw = await select<{ week: string; amount: number | string }>(
    db,
    sql`select to_char(date_trunc('week', m.at at time zone 'Europe/Moscow'), 'YYYY-MM-DD') as week, sum(m.amount_kopecks) as amount
      from (select * from (${input.revenue}) x where x.at >= ${input.from.toISOString()} and x.at < ${input.to.toISOString()}) m${byOrders}${byClients}
      group by 1`,
  );
  return new Map(raw.map((r) => [String(r.week), Number(r.amount)]));
}
