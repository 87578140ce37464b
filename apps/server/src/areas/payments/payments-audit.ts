import {
  formatMoney,
  formatPhone,
  type MoneyDifference,
  moneyPaymentStatuses,
  openPaymentStatuses,
  paymentStatusTitles,
  type PaymentStatus,
} from '@vmeste/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import type { OrdersArea } from '../orders/index.js';

const listOf = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const MONEY = listOf(moneyPaymentStatuses);
const OPEN = listOf(openPaymentStatuses);
const numberOf = (value: unknown) => Number(value ?? 0);

/**
 * Refund rows whose money went back: a refund is written before the provider is asked and counts in
 * the refunded sums only once it succeeded; a failed one gave nothing back (docs/decisions/024).
 */
const RETURNED = sql`status = 'succeeded'`;
/** Refund rows that hold their sum: those that went back and those still waiting for the provider. */
const HELD = sql`status in ('succeeded', 'pending')`;

/**
 * What each order and delivery invoice has paid, from first principles: the items of payments whose
 * money came, less every refund row of those items (not the items' own running sums).
 */
function paidByTarget(column: 'order_id' | 'invoice_id'): SQL {
  const target = sql.raw(column);
  return sql`select i.${target} as target_id, sum(i.amount_kopecks) - coalesce(sum(r.refunded), 0) as paid
    from payment_items i join payments p on p.id = i.payment_id
    left join (select item_id, sum(amount_kopecks) as refunded from payment_refunds where ${RETURNED} group by item_id) r on r.item_id = i.id
    where p.status in (${MONEY}) and i.${target} is not null
    group by i.${target}`;
}

/** Every delivery invoice paid through a payment, `invoice_id, paid`: for the delivery area's audit. */
export function paidByInvoiceSource(): SQL {
  return sql`select target_id as invoice_id, paid from (${paidByTarget('invoice_id')}) s`;
}

/**
 * Each payment paid partly with bonuses: `payment_id, number, status, bonus_kopecks, user_id`, for
 * the bonus area's audit of the spends in its ledger.
 */
export function paymentBonusPartsSource(): SQL {
  return sql`select id as payment_id, number, status, bonus_kopecks, user_id from payments where bonus_kopecks > 0`;
}

/**
 * Each refund that puts bonuses back: `refund_id, payment_number, to_bonus_kopecks` — all of a refund
 * to the bonus account, the bonus part of one back the way it came (a refund takes money first).
 */
export function refundsToBonusSource(): SQL {
  return sql`select r.id as refund_id, p.number as payment_number,
      case when r.destination = 'bonus' then r.amount_kopecks else r.amount_kopecks - r.money_part_kopecks end as to_bonus_kopecks
    from payment_refunds r join payments p on p.id = r.payment_id
    where r.${RETURNED} and case when r.destination = 'bonus' then r.amount_kopecks else r.amount_kopecks - r.money_part_kopecks end > 0`;
}

/**
 * The payments area's part of the money audit (docs/decisions/029): what each order has paid against
 * its payments and refunds, each payment's sums against its items and refund rows, and its status
 * against its items.
 */
export function createPaymentsAudit({ orders }: { orders: OrdersArea }) {
  async function orderPaid(db: DbOrTx): Promise<MoneyDifference[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select o.number, o.phone, o.paid_kopecks, coalesce(s.paid, 0) as expected
        from (${orders.auditSources.orderMoney()}) o left join (${paidByTarget('order_id')}) s on s.target_id = o.order_id
        where o.paid_kopecks <> coalesce(s.paid, 0)
        order by o.number`),
    );
    return rows.map((r) => ({
      kind: 'order_paid' as const,
      object: `Заказ №${numberOf(r.number)}`,
      expectedKopecks: numberOf(r.expected),
      actualKopecks: numberOf(r.paid_kopecks),
      description:
        `Клиент ${formatPhone(String(r.phone))}: у заказа оплачено ${formatMoney(numberOf(r.paid_kopecks))}, ` +
        `а его прошедшие платежи за вычетом возвратов дают ${formatMoney(numberOf(r.expected))}`,
    }));
  }

  async function paymentSums(db: DbOrTx): Promise<MoneyDifference[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        with items as (
          select payment_id, count(*) as n, sum(amount_kopecks) as amount, sum(bonus_kopecks) as bonus, sum(refunded_kopecks) as refunded,
            count(*) filter (where is_open) as open_items
          from payment_items group by payment_id),
        refunds as (
          select payment_id, coalesce(sum(amount_kopecks) filter (where ${RETURNED}), 0) as amount,
            coalesce(sum(amount_kopecks) filter (where ${HELD}), 0) as held
          from payment_refunds group by payment_id),
        item_refunds as (
          select r.item_id, i.payment_id as item_payment_id, r.payment_id, i.amount_kopecks, i.bonus_kopecks, i.refunded_kopecks,
            sum(r.amount_kopecks) filter (where r.${HELD}) as refunded, coalesce(sum(r.money_part_kopecks) filter (where r.${HELD}), 0) as money_part,
            bool_or(r.payment_id <> i.payment_id) as is_foreign
          from payment_refunds r join payment_items i on i.id = r.item_id
          group by r.item_id, i.payment_id, r.payment_id, i.amount_kopecks, i.bonus_kopecks, i.refunded_kopecks),
        bad_items as (
          select payment_id, count(*) filter (where refunded_kopecks <> coalesce(r.refunded, 0)) as refunded_off,
            count(*) filter (where coalesce(r.held, 0) > amount_kopecks) as beyond
          from payment_items i left join (
            select item_id, coalesce(sum(amount_kopecks) filter (where ${RETURNED}), 0) as refunded,
              coalesce(sum(amount_kopecks) filter (where ${HELD}), 0) as held
            from payment_refunds group by item_id) r on r.item_id = i.id
          group by payment_id)
        select * from (
        select p.number, p.status, p.amount_kopecks, p.bonus_kopecks, p.refunded_kopecks, p.paid_at is not null as has_paid_at,
          coalesce(items.n, 0) as items_count, items.amount as items_amount, items.bonus as items_bonus,
          coalesce(items.refunded, 0) as items_refunded, coalesce(items.open_items, 0) as open_items,
          coalesce(refunds.amount, 0) as refunds_amount, coalesce(refunds.held, 0) as refunds_held,
          coalesce(bad_items.refunded_off, 0) as items_refunded_off, coalesce(bad_items.beyond, 0) as items_beyond,
          (select count(*) from item_refunds f where f.payment_id = p.id and f.is_foreign) as foreign_refunds,
          (select count(*) from item_refunds f where f.item_payment_id = p.id and f.money_part > f.amount_kopecks - f.bonus_kopecks) as money_part_beyond
        from payments p left join items on items.payment_id = p.id left join refunds on refunds.payment_id = p.id
          left join bad_items on bad_items.payment_id = p.id
        ) x
        -- Only payments with something off reach the code below, which says what.
        where items_count = 0 or items_amount <> amount_kopecks or items_bonus <> bonus_kopecks
          or refunds_amount <> refunded_kopecks or items_refunded_off > 0 or items_beyond > 0 or foreign_refunds > 0
          or money_part_beyond > 0 or refunds_held > amount_kopecks
          or (status in (${OPEN}) and open_items < items_count) or (status not in (${OPEN}) and open_items > 0)
          or (status in (${MONEY}) and not has_paid_at) or (status = 'refunded' and refunded_kopecks <> amount_kopecks)
          or (status = 'succeeded' and refunded_kopecks = amount_kopecks)
          or (status not in (${MONEY}) and (refunded_kopecks > 0 or refunds_amount > 0))
        order by number`),
    );
    const differences: MoneyDifference[] = [];
    for (const r of rows) {
      const object = `Платёж №${numberOf(r.number)}`;
      const status = String(r.status) as PaymentStatus;
      const [amount, bonus, refunded] = [numberOf(r.amount_kopecks), numberOf(r.bonus_kopecks), numberOf(r.refunded_kopecks)];
      const [itemsCount, refunds, held] = [numberOf(r.items_count), numberOf(r.refunds_amount), numberOf(r.refunds_held)];
      const add = (kind: MoneyDifference['kind'], expected: number | null, actual: number | null, description: string) =>
        differences.push({ kind, object, expectedKopecks: expected, actualKopecks: actual, description });

      if (itemsCount === 0) add('payment_amount', 0, amount, `Платёж на ${formatMoney(amount)} ни за что: у него нет позиций`);
      else {
        const [itemsAmount, itemsBonus] = [numberOf(r.items_amount), numberOf(r.items_bonus)];
        if (itemsAmount !== amount)
          add('payment_amount', itemsAmount, amount, `Сумма платежа ${formatMoney(amount)}, а его позиций — ${formatMoney(itemsAmount)}`);
        if (itemsBonus !== bonus)
          add(
            'payment_amount',
            itemsBonus,
            bonus,
            `Бонусами в платеже ${formatMoney(bonus)}, а в его позициях — ${formatMoney(itemsBonus)}`,
          );
      }

      if (refunds !== refunded)
        add(
          'payment_refunded',
          refunds,
          refunded,
          `Возвращено по платежу ${formatMoney(refunded)}, а по строкам возвратов — ${formatMoney(refunds)}`,
        );
      const itemsRefunded = numberOf(r.items_refunded);
      if (numberOf(r.items_refunded_off) > 0)
        add(
          'payment_refunded',
          refunds,
          itemsRefunded,
          `Возвращено по позициям платежа ${formatMoney(itemsRefunded)} не сходится с их строками возвратов (${formatMoney(refunds)})`,
        );
      if (numberOf(r.foreign_refunds) > 0)
        add('payment_refunded', null, null, 'Строка возврата по платежу указывает позицию другого платежа');

      if (held > amount)
        add(
          'refund_beyond_payment',
          amount,
          held,
          `Возвращено${held > refunds ? ' и ждёт ответа платёжного сервиса' : ''} ${formatMoney(held)} — больше суммы платежа ${formatMoney(amount)}`,
        );
      else if (numberOf(r.items_beyond) > 0)
        add('refund_beyond_payment', null, refunds, 'По позиции платежа возвращено больше, чем она стоила');
      if (numberOf(r.money_part_beyond) > 0)
        add('refund_beyond_payment', amount - bonus, null, 'Деньгами по позиции платежа возвращено больше, чем ею заплачено деньгами');

      const title = paymentStatusTitles[status];
      const openItems = numberOf(r.open_items);
      const isOpen = openPaymentStatuses.includes(status);
      if (isOpen && openItems < itemsCount)
        add('payment_status', null, null, `Платёж в статусе «${title}», а его заказы уже отпущены: их можно оплатить ещё раз`);
      if (!isOpen && openItems > 0) add('payment_status', null, null, `Платёж в статусе «${title}», а его заказы всё ещё держит оплата`);
      if (moneyPaymentStatuses.includes(status) && !r.has_paid_at)
        add('payment_status', null, null, `Платёж в статусе «${title}» без времени оплаты`);
      if (status === 'refunded' && refunded !== amount)
        add('payment_status', amount, refunded, `Платёж «${title}», а возвращено ${formatMoney(refunded)} из ${formatMoney(amount)}`);
      if (status === 'succeeded' && refunded === amount)
        add('payment_status', null, refunded, `Платёж «${title}», хотя возвращён целиком (${formatMoney(refunded)})`);
      if (!moneyPaymentStatuses.includes(status) && (refunded > 0 || refunds > 0))
        add('payment_status', 0, Math.max(refunded, refunds), `Платёж «${title}» без денег, а по нему есть возврат`);
    }
    return differences;
  }

  return {
    async auditChecks(db: DbOrTx): Promise<MoneyDifference[]> {
      return [...(await orderPaid(db)), ...(await paymentSums(db))];
    },
  };
}
