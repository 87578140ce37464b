import { applyPercentHalfUp, basisPointsToPercent } from '@vmeste/contract';
import type { Tx } from '../../db/client.js';
import type { AccountsArea } from '../accounts/index.js';
import type { OrdersArea } from '../orders/index.js';
import type { PaymentsArea, RefundPart } from '../payments/index.js';
import type { PurchasesArea } from '../purchases/index.js';
import { findCustomRates } from './custom-rates.repository.js';
import { post } from './ledger.js';
import { findEntriesBySource, lockAccounts, sumReversedOf } from './ledger.repository.js';
import { findRulesAt } from './settings.repository.js';

/** An order's item of a payment that brought money, as the payments area finds them (`paidItemsOfOrders`). */
type PaidOrderItem = Awaited<ReturnType<PaymentsArea['paidItemsOfOrders']>>[number];

/**
 * An order item that brought money, as cashback is counted on it: a paid item with `moneyKopecks`
 * what was paid in money and is still the shop's (bonuses and refunds left out).
 */
export type CashbackItem = Omit<PaidOrderItem, 'moneyRefundedKopecks'>;

const percentText = (basisPoints: number) => `${String(basisPointsToPercent(basisPoints)).replace('.', ',')} %`;

/**
 * Cashback and referral credits on the money part of paid orders, and their reversal on refunds.
 * Each credit is keyed by the payment item (`accrual:<item>`, `referral:<item>`), so the same order
 * delivered twice, or paid and then delivered, is credited once.
 */
export function createCashback({
  accounts,
  orders,
  purchases,
  payments,
}: {
  accounts: AccountsArea;
  orders: OrdersArea;
  purchases: PurchasesArea;
  payments: PaymentsArea;
}) {
  async function accrue(tx: Tx, items: CashbackItem[]): Promise<void> {
    if (items.length === 0) return;
    const found = await orders.fulfilment.findWarehouseOrders(tx, [...new Set(items.map((i) => i.orderId))]);
    const byOrder = new Map(found.map((o) => [o.id, o]));
    const userIds = [...new Set(found.flatMap((o) => (o.userId ? [o.userId] : [])))];
    if (userIds.length === 0) return;
    const owners = await accounts.findAccounts(tx, userIds);
    const referrerIds = [...owners.values()].flatMap((a) => (a.referredBy ? [a.referredBy] : []));
    const referrers = await accounts.findAccounts(tx, referrerIds);
    const customRates = await findCustomRates(tx, userIds);
    const excluded = new Set(
      (await purchases.findPurchases(tx, [...new Set(found.map((o) => o.purchaseId))]))
        .filter((p) => p.isCashbackExcluded)
        .map((p) => p.id),
    );
    await lockAccounts(tx, [...userIds, ...referrerIds]);

    for (const item of items) {
      const order = byOrder.get(item.orderId);
      const owner = order?.userId ? owners.get(order.userId) : undefined;
      if (!order || !owner || item.moneyKopecks <= 0) continue;
      const rules = await findRulesAt(tx, item.paidAt);
      const basisPoints = customRates.get(owner.id) ?? (excluded.has(order.purchaseId) ? 0 : rules.defaultBasisPoints);
      const number = item.orderNumber ?? order.number;
      const common = {
        orderId: order.id,
        orderNumber: number,
        paymentId: item.paymentId,
        paymentNumber: item.paymentNumber,
        paymentItemId: item.itemId,
      };
      const cashback = applyPercentHalfUp(item.moneyKopecks, basisPoints);
      if (cashback > 0) {
        await post(tx, {
          ...common,
          userId: owner.id,
          kind: 'accrual',
          amountKopecks: cashback,
          basisPoints,
          description: `Кешбэк ${percentText(basisPoints)} за заказ № ${number}`,
          sourceKey: `accrual:${item.itemId}`,
        });
      }
      const referrer = owner.referredBy ? referrers.get(owner.referredBy) : undefined;
      const reward = applyPercentHalfUp(item.moneyKopecks, rules.referralBasisPoints);
      if (referrer?.isActive && referrer.role === 'client' && reward > 0) {
        await post(tx, {
          ...common,
          // The friend's order is theirs: the referrer sees whose it was, not its number.
          orderId: null,
          orderNumber: null,
          paymentId: null,
          paymentNumber: null,
          userId: referrer.id,
          kind: 'referral',
          amountKopecks: reward,
          basisPoints: rules.referralBasisPoints,
          description:
            `${percentText(rules.referralBasisPoints)} от заказа приглашённого друга: ${owner.name} ${owner.surname.slice(0, 1)}.`.replace(
              / \.$/,
              '',
            ),
          sourceKey: `referral:${item.itemId}`,
        });
      }
    }
  }

  /** Cashback of orders that reached their client: every item that brought money, less what went back since. */
  async function accrueDelivered(tx: Tx, orderIds: string[]): Promise<void> {
    const paid = await payments.paidItemsOfOrders(tx, orderIds);
    await accrue(
      tx,
      paid.map((p) => ({ ...p, moneyKopecks: p.moneyKopecks - p.moneyRefundedKopecks })),
    );
  }

  /**
   * A refund takes back the cashback and the referral credit of the money refunded, at the percent
   * they were made at and never beyond them, in full: bonuses the client has already spent leave a
   * debt that later credits pay first (docs/decisions/023), rather than being written off.
   */
  async function reverse(tx: Tx, parts: RefundPart[]): Promise<void> {
    const keys = parts.flatMap((p) => [`accrual:${p.itemId}`, `referral:${p.itemId}`]);
    const credits = await findEntriesBySource(tx, keys);
    // What is left to take back is read under the holders' locks, so two refunds of one payment at
    // once never both take the same cashback (a debt would make that double take real money).
    await lockAccounts(
      tx,
      [...credits.values()].map((c) => c.userId),
    );
    const reversed = await sumReversedOf(
      tx,
      [...credits.values()].map((c) => c.id),
    );
    for (const part of parts) {
      if (part.moneyPartKopecks === 0) continue;
      for (const key of [`accrual:${part.itemId}`, `referral:${part.itemId}`]) {
        const credit = credits.get(key);
        if (!credit) continue;
        const left = credit.amountKopecks - (reversed.get(credit.id) ?? 0);
        const amount = Math.min(applyPercentHalfUp(part.moneyPartKopecks, credit.basisPoints ?? 0), left);
        if (amount <= 0) continue;
        reversed.set(credit.id, (reversed.get(credit.id) ?? 0) + amount);
        await post(tx, {
          userId: credit.userId,
          kind: 'reversal',
          amountKopecks: -amount,
          mayMakeDebt: true,
          reversesId: credit.id,
          refundId: part.refundId,
          orderId: credit.orderId,
          orderNumber: credit.orderNumber,
          paymentId: credit.paymentId,
          paymentNumber: credit.paymentNumber,
          description:
            credit.kind === 'accrual'
              ? `Возврат по заказу № ${credit.orderNumber}: кешбэк отменён`
              : 'Возврат заказа приглашённого друга: бонус отменён',
          sourceKey: `reversal:${part.refundId}:${credit.id}`,
        });
      }
    }
  }

  return { accrue, accrueDelivered, reverse, customRatesOf: findCustomRates };
}
