import { formatMoney, formatPhone, type MoneyDifference, moneyPaymentStatuses, openPaymentStatuses } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import type { AccountsArea } from '../accounts/index.js';
import type { PaymentsArea } from '../payments/index.js';
import { compareBalancesWithLedger } from './ledger.repository.js';

const numberOf = (value: unknown) => Number(value ?? 0);

/** Payment statuses whose bonuses stay taken: the money came, or the payment still waits for it. */
const HOLDING = sql.join(
  [...moneyPaymentStatuses, ...openPaymentStatuses].map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The bonus area's part of the money audit (docs/decisions/029): every balance and «earned» sum
 * against the ledger, the bonuses each payment says it was paid with against the spends the ledger
 * holds for it (and spends of payments that do not say so), what refunds put back against the ledger,
 * and no reversal taking back more than its credit.
 */
export function createBonusAudit({ accounts, payments }: { accounts: AccountsArea; payments: PaymentsArea }) {
  async function phonesOf(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
    const found = await accounts.findAccounts(db, [...new Set(userIds)]);
    return new Map([...found].map(([id, account]) => [id, account.phone]));
  }
  const clientOf = (phones: Map<string, string>, userId: string) => {
    const phone = phones.get(userId);
    return phone ? `Клиент ${formatPhone(phone)}` : `Клиент ${userId}`;
  };

  async function balances(db: DbOrTx): Promise<MoneyDifference[]> {
    const ledger = await compareBalancesWithLedger(db);
    const earned = rowsOf<{ user_id: string; kept: string; recounted: string }>(
      await db.execute(sql`
        with sums as (
          select user_id, sum(case when kind in ('accrual', 'referral') then amount_kopecks
                                   when kind = 'reversal' and amount_kopecks < 0 then amount_kopecks else 0 end) as earned
          from bonus_entries group by user_id)
        select coalesce(a.user_id, s.user_id) as user_id, coalesce(a.earned_kopecks, 0) as kept, coalesce(s.earned, 0) as recounted
        from bonus_accounts a full join sums s on s.user_id = a.user_id
        where coalesce(a.earned_kopecks, 0) <> coalesce(s.earned, 0)`),
    );
    const phones = await phonesOf(db, [...ledger.differences.map((d) => d.userId), ...earned.map((e) => e.user_id)]);
    return [
      ...ledger.differences.map((d) => ({
        kind: 'bonus_balance' as const,
        object: clientOf(phones, d.userId),
        expectedKopecks: d.ledgerKopecks,
        actualKopecks: d.balanceKopecks,
        description: `На бонусном счёте ${formatMoney(d.balanceKopecks)}, а по журналу операций ${formatMoney(d.ledgerKopecks)}`,
      })),
      ...earned.map((e) => ({
        kind: 'bonus_balance' as const,
        object: clientOf(phones, e.user_id),
        expectedKopecks: numberOf(e.recounted),
        actualKopecks: numberOf(e.kept),
        description: `Заработано бонусов по счёту ${formatMoney(numberOf(e.kept))}, а по журналу (кешбэк и за друзей за вычетом отмен) ${formatMoney(numberOf(e.recounted))}`,
      })),
    ];
  }

  /**
   * A payment's bonus part is taken once when it is written, given back when it ends without money,
   * taken again if its money comes after all: what stays taken is its bonus part while it holds its
   * orders or has brought money, nothing once it closed without. Spends of a payment that has no bonus
   * part, or does not exist, are found by the same join.
   */
  async function spends(db: DbOrTx): Promise<MoneyDifference[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        with taken as (
          select payment_id, max(payment_number) as payment_number, min(user_id::text) as user_id, -sum(amount_kopecks) as taken
          from bonus_entries
          where payment_id is not null and (kind = 'spend' or source_key like 'spend-return:%')
          group by payment_id)
        select coalesce(p.payment_id, t.payment_id) as payment_id, coalesce(p.number, t.payment_number) as number, p.status,
          coalesce(p.user_id::text, t.user_id) as user_id,
          case when p.status in (${HOLDING}) then p.bonus_kopecks else 0 end as expected, coalesce(t.taken, 0) as taken
        from (${payments.auditSources.bonusParts()}) p full join taken t on t.payment_id = p.payment_id
        where coalesce(t.taken, 0) <> case when p.status in (${HOLDING}) then p.bonus_kopecks else 0 end
        order by 2`),
    );
    const phones = await phonesOf(
      db,
      rows.flatMap((r) => (r.user_id ? [String(r.user_id)] : [])),
    );
    return rows.map((r) => {
      const [expected, taken] = [numberOf(r.expected), numberOf(r.taken)];
      const who = r.user_id ? `${clientOf(phones, String(r.user_id)).replace('Клиент', 'клиент')}: ` : '';
      return {
        kind: 'bonus_payment' as const,
        object: `Платёж №${numberOf(r.number)}`,
        expectedKopecks: expected,
        actualKopecks: taken,
        description:
          r.status === null
            ? `${who}в журнале списано ${formatMoney(taken)} бонусов за платёж, в котором нет оплаты бонусами`
            : `${who}платёж оплачен бонусами на ${formatMoney(expected)}, а в журнале за него списано ${formatMoney(taken)}`,
      };
    });
  }

  /** What each refund put back on the bonus account (all of it, or its bonus part) against the ledger's row for it. */
  async function refunds(db: DbOrTx): Promise<MoneyDifference[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        with credited as (
          select refund_id, max(payment_number) as payment_number, sum(amount_kopecks + written_off_kopecks) as credited
          from bonus_entries where source_key like 'refund:%' and refund_id is not null group by refund_id)
        select coalesce(r.payment_number, c.payment_number) as number, coalesce(r.to_bonus_kopecks, 0) as expected,
          coalesce(c.credited, 0) as credited
        from (${payments.auditSources.refundsToBonus()}) r full join credited c on c.refund_id = r.refund_id
        where coalesce(r.to_bonus_kopecks, 0) <> coalesce(c.credited, 0)
        order by 1`),
    );
    return rows.map((r) => ({
      kind: 'bonus_payment' as const,
      object: `Платёж №${numberOf(r.number)}`,
      expectedKopecks: numberOf(r.expected),
      actualKopecks: numberOf(r.credited),
      description: `Возврат по платежу должен вернуть на бонусный счёт ${formatMoney(numberOf(r.expected))}, а в журнале ${formatMoney(numberOf(r.credited))}`,
    }));
  }

  /** A cashback or referral credit is never taken back beyond itself (docs/decisions/023). */
  async function reversals(db: DbOrTx): Promise<MoneyDifference[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select c.user_id, c.order_number, c.amount_kopecks as credit, sum(-r.amount_kopecks + r.written_off_kopecks) as reversed
        from bonus_entries c join bonus_entries r on r.reverses_id = c.id and r.amount_kopecks <= 0
        where c.kind in ('accrual', 'referral')
        group by c.id, c.user_id, c.order_number, c.amount_kopecks
        having sum(-r.amount_kopecks + r.written_off_kopecks) > c.amount_kopecks
        order by c.order_number`),
    );
    const phones = await phonesOf(
      db,
      rows.map((r) => String(r.user_id)),
    );
    return rows.map((r) => ({
      kind: 'bonus_payment' as const,
      object: clientOf(phones, String(r.user_id)),
      expectedKopecks: numberOf(r.credit),
      actualKopecks: numberOf(r.reversed),
      description:
        `Отмена кешбэка${r.order_number ? ` за заказ №${numberOf(r.order_number)}` : ''} забрала ${formatMoney(numberOf(r.reversed))}, ` +
        `больше самого начисления ${formatMoney(numberOf(r.credit))}`,
    }));
  }

  return {
    async auditChecks(db: DbOrTx): Promise<MoneyDifference[]> {
      return [...(await balances(db)), ...(await spends(db)), ...(await refunds(db)), ...(await reversals(db))];
    },
  };
}
