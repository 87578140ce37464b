import { formatMoney, formatPhone, type MoneyDifference, orderTotalsOf } from '@vmeste/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { moscowDayOf, moscowHalfMonthStart } from '../../shared/moscow-calendar.js';
import type { PurchasesArea } from '../purchases/index.js';
import { organizerFeeSql } from './order-money.sql.js';
import { orders } from './orders.schema.js';

/** Every order with its number, phone and what it has paid: a subquery for the payments area's audit. */
export function orderMoneySource(): SQL {
  return sql`select ${orders.id} as order_id, ${orders.number} as number, ${orders.phone} as phone,
    ${orders.paidKopecks} as paid_kopecks from ${orders}`;
}

/** The goods of each order as its lines make them: arrived units once received, else the ordered ones. */
const linesGoods = sql`select o.id, coalesce(sum(coalesce(l.arrived_quantity, l.quantity)::bigint * l.unit_price_kopecks), 0) as goods
  from orders o left join order_lines l on l.order_id = o.id group by o.id`;

const numberOf = (value: unknown) => Number(value ?? 0);
const dayText = (moment: Date) => moscowDayOf(moment).split('-').reverse().join('.');

/**
 * The orders area's part of the money audit (docs/decisions/029): each order's goods, fee and total
 * against its lines and its purchase's fee (the contract's `orderTotalsOf`), and the per-phone totals
 * and half-monthly running totals the trigger keeps against the orders summed again.
 */
export function createOrdersAudit({ purchases }: { purchases: PurchasesArea }) {
  async function orderTotals(db: DbOrTx): Promise<MoneyDifference[]> {
    // The SQL twin of the fee only picks the candidates; what they should be is the contract's rule.
    const fee = organizerFeeSql(sql`s.goods`, sql`f.fee_basis_points`);
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select o.number, o.goods_kopecks, o.organizer_fee_kopecks, o.total_kopecks, s.goods as lines_goods, f.fee_basis_points
        from orders o join (${linesGoods}) s on s.id = o.id
        join (${purchases.auditSources.purchaseFees()}) f on f.purchase_id = o.purchase_id
        where o.goods_kopecks <> s.goods or o.organizer_fee_kopecks <> ${fee}
          or o.total_kopecks <> o.goods_kopecks + o.organizer_fee_kopecks
        order by o.number`),
    );
    return rows.map((r) => {
      const expected = orderTotalsOf(numberOf(r.lines_goods), numberOf(r.fee_basis_points));
      const actual = {
        goods: numberOf(r.goods_kopecks),
        fee: numberOf(r.organizer_fee_kopecks),
        total: numberOf(r.total_kopecks),
      };
      return {
        kind: 'order_total' as const,
        object: `Заказ №${numberOf(r.number)}`,
        expectedKopecks: expected.totalKopecks,
        actualKopecks: actual.total,
        description:
          `Сумма ${formatMoney(actual.total)} (товары ${formatMoney(actual.goods)}, сбор ${formatMoney(actual.fee)}), ` +
          `а по строкам заказа ${formatMoney(expected.totalKopecks)} (товары ${formatMoney(expected.goodsKopecks)}, ` +
          `сбор ${formatMoney(expected.organizerFeeKopecks)})`,
      };
    });
  }

  /** The four figures of a phone's orders, summed by the same rules as the trigger (canceled orders count only their money). */
  const figures = sql`count(*) filter (where canceled_at is null) as orders_count,
    coalesce(sum(goods_kopecks) filter (where canceled_at is null), 0) as goods_kopecks,
    coalesce(sum(paid_kopecks), 0) as paid_kopecks,
    coalesce(sum(greatest(total_kopecks - paid_kopecks, 0)) filter (where canceled_at is null), 0) as due_kopecks`;
  const figureTexts = [
    ['orders_count', 'заказов', false],
    ['goods_kopecks', 'товары', true],
    ['paid_kopecks', 'оплачено', true],
    ['due_kopecks', 'к оплате', true],
  ] as const;

  async function clientTotals(db: DbOrTx): Promise<MoneyDifference[]> {
    const totals = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        with recount as (select phone, ${figures} from orders group by phone)
        select coalesce(t.phone, r.phone) as phone,
          t.orders_count as t_orders_count, t.goods_kopecks as t_goods_kopecks, t.paid_kopecks as t_paid_kopecks, t.due_kopecks as t_due_kopecks,
          r.orders_count as r_orders_count, r.goods_kopecks as r_goods_kopecks, r.paid_kopecks as r_paid_kopecks, r.due_kopecks as r_due_kopecks
        from order_client_totals t full join recount r on r.phone = t.phone
        where coalesce(t.orders_count, 0) <> coalesce(r.orders_count, 0) or coalesce(t.goods_kopecks, 0) <> coalesce(r.goods_kopecks, 0)
          or coalesce(t.paid_kopecks, 0) <> coalesce(r.paid_kopecks, 0) or coalesce(t.due_kopecks, 0) <> coalesce(r.due_kopecks, 0)
        order by 1`),
    );
    const differences: MoneyDifference[] = [];
    for (const row of totals) {
      for (const [figure, title, isMoney] of figureTexts) {
        const [kept, recounted] = [numberOf(row[`t_${figure}`]), numberOf(row[`r_${figure}`])];
        if (kept === recounted) continue;
        const text = (n: number) => (isMoney ? formatMoney(n) : String(n));
        differences.push({
          kind: 'client_totals',
          object: `Клиент ${formatPhone(String(row.phone))}`,
          expectedKopecks: isMoney ? recounted : null,
          actualKopecks: isMoney ? kept : null,
          description: `Итоги клиента для отчёта: ${title} ${text(kept)}, а по его заказам ${text(recounted)}`,
        });
      }
    }

    // The running totals at each half-month the table holds, and at each one with orders, against the
    // orders up to its end; a phone is named once, at its first half-month that differs.
    const halves = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        with per as (select phone, order_half_month(created_at) as half_month, ${figures} from orders group by 1, 2),
        grid as (select phone, half_month from order_client_half_months union select phone, half_month from per),
        run as (
          select g.phone, g.half_month,
            sum(coalesce(per.orders_count, 0)) over w as orders_count, sum(coalesce(per.goods_kopecks, 0)) over w as goods_kopecks,
            sum(coalesce(per.paid_kopecks, 0)) over w as paid_kopecks, sum(coalesce(per.due_kopecks, 0)) over w as due_kopecks
          from grid g left join per on per.phone = g.phone and per.half_month = g.half_month
          window w as (partition by g.phone order by g.half_month)
        )
        select distinct on (run.phone) run.phone, run.half_month, m.phone is null as is_missing,
          m.orders_count as t_orders_count, m.goods_kopecks as t_goods_kopecks, m.paid_kopecks as t_paid_kopecks, m.due_kopecks as t_due_kopecks,
          run.orders_count as r_orders_count, run.goods_kopecks as r_goods_kopecks, run.paid_kopecks as r_paid_kopecks, run.due_kopecks as r_due_kopecks
        from run left join order_client_half_months m on m.phone = run.phone and m.half_month = run.half_month
        where m.phone is null or m.orders_count <> run.orders_count or m.goods_kopecks <> run.goods_kopecks
          or m.paid_kopecks <> run.paid_kopecks or m.due_kopecks <> run.due_kopecks
        order by run.phone, run.half_month`),
    );
    for (const row of halves) {
      const since = `с ${dayText(moscowHalfMonthStart(numberOf(row.half_month)))}`;
      const object = `Клиент ${formatPhone(String(row.phone))}`;
      if (row.is_missing) {
        differences.push({
          kind: 'client_totals',
          object,
          expectedKopecks: numberOf(row.r_paid_kopecks),
          actualKopecks: null,
          description: `Нет нарастающих итогов за полмесяца ${since}, хотя у клиента есть заказы к его концу`,
        });
        continue;
      }
      const [figure, title, isMoney] = figureTexts.find(([f]) => numberOf(row[`t_${f}`]) !== numberOf(row[`r_${f}`]))!;
      const [kept, recounted] = [numberOf(row[`t_${figure}`]), numberOf(row[`r_${figure}`])];
      const text = (n: number) => (isMoney ? formatMoney(n) : String(n));
      differences.push({
        kind: 'client_totals',
        object,
        expectedKopecks: isMoney ? recounted : null,
        actualKopecks: isMoney ? kept : null,
        description: `Нарастающие итоги на конец полумесяца ${since}: ${title} ${text(kept)}, а по заказам ${text(recounted)}`,
      });
    }
    return differences;
  }

  return {
    async auditChecks(db: DbOrTx): Promise<MoneyDifference[]> {
      return [...(await orderTotals(db)), ...(await clientTotals(db))];
    },
  };
}
