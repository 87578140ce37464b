import { basisPointsToPercent, formatMoney, spendCapOf } from '@vmeste/contract';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { AccountsArea } from '../accounts/index.js';
import type { PaymentMoment, RefundPart } from '../payments/index.js';
import { post } from './ledger.js';
import { findEntriesBySource, findEntriesOfPayment, lockAccounts } from './ledger.repository.js';
import { findCurrentRules } from './settings.repository.js';

/**
 * Bonuses as money of a payment: taken when the payment is written (refused beyond the balance or
 * the cap), given back when it fails, taken again if its money comes after all and the balance
 * holds them, and credited when
 * a refund goes to bonuses. Keys per payment and refund make each happen once.
 */
export function createSpending({ accounts }: { accounts: AccountsArea }) {
  async function spend(tx: Tx, payment: PaymentMoment): Promise<void> {
    if (payment.bonusKopecks === 0) return;
    if (!payment.userId) throw new AppError('BAD_REQUEST', 'Бонусами можно оплатить только из личного кабинета', { field: 'bonusKopecks' });
    const rules = await findCurrentRules(tx);
    const cap = spendCapOf(payment.amountKopecks, rules.spendCapBasisPoints);
    if (payment.bonusKopecks > cap) {
      throw new AppError(
        'BAD_REQUEST',
        `Бонусами можно оплатить не больше ${basisPointsToPercent(rules.spendCapBasisPoints)} % суммы — ${formatMoney(cap)}`,
        { field: 'bonusKopecks' },
      );
    }
    await post(tx, {
      userId: payment.userId,
      kind: 'spend',
      amountKopecks: -payment.bonusKopecks,
      paymentId: payment.paymentId,
      paymentNumber: payment.paymentNumber,
      description: `Оплата бонусами, платёж № ${payment.paymentNumber}`,
      sourceKey: `spend:${payment.paymentId}`,
      insufficient: (balance) => `На бонусном счёте ${formatMoney(balance)}: оплатить бонусами ${formatMoney(payment.bonusKopecks)} нельзя`,
    });
  }

  async function giveBack(tx: Tx, payment: PaymentMoment): Promise<void> {
    if (payment.bonusKopecks === 0 || !payment.userId) return;
    const taken = await findEntriesBySource(tx, [`spend:${payment.paymentId}`, `spend-again:${payment.paymentId}`]);
    if (taken.size === 0) return;
    await post(tx, {
      userId: payment.userId,
      kind: 'reversal',
      amountKopecks: payment.bonusKopecks,
      paymentId: payment.paymentId,
      paymentNumber: payment.paymentNumber,
      reversesId: taken.get(`spend:${payment.paymentId}`)?.id ?? null,
      description: `Платёж № ${payment.paymentNumber} не состоялся: бонусы вернулись`,
      sourceKey: `spend-return:${payment.paymentId}`,
    });
  }

  /**
   * Money that came for a payment closed meanwhile (docs/decisions/025): its bonuses went back when it
   * closed, and the part its orders still need is taken again only if the balance holds all of it now,
   * as a spend on time is all or nothing. Answers whether the bonuses are the payment's; when not,
   * nothing is taken and the payments area leaves that part of the orders unpaid.
   */
  async function takeAgainForLateMoney(tx: Tx, payment: PaymentMoment, kopecks: number): Promise<boolean> {
    if (kopecks === 0) return true;
    if (!payment.userId) return false;
    const taken = await findEntriesBySource(tx, [
      `spend:${payment.paymentId}`,
      `spend-return:${payment.paymentId}`,
      `spend-again:${payment.paymentId}`,
    ]);
    if (taken.has(`spend-again:${payment.paymentId}`)) return true;
    // Never given back (nothing was taken, or the return did not happen): nothing to take again.
    if (!taken.has(`spend-return:${payment.paymentId}`)) return taken.has(`spend:${payment.paymentId}`);
    const balance = (await lockAccounts(tx, [payment.userId])).get(payment.userId) ?? 0;
    if (balance < kopecks) return false;
    await post(tx, {
      userId: payment.userId,
      kind: 'spend',
      amountKopecks: -kopecks,
      paymentId: payment.paymentId,
      paymentNumber: payment.paymentNumber,
      description: `Оплата бонусами, платёж № ${payment.paymentNumber} (деньги пришли после отмены)`,
      sourceKey: `spend-again:${payment.paymentId}`,
    });
    return true;
  }

  /** The client a refund to bonuses goes to: the payer from the cabinet, else the account of the payer's phone. */
  async function refundHolder(tx: Tx, payment: PaymentMoment): Promise<string> {
    if (payment.userId) return payment.userId;
    const client = (await accounts.findClientsByPhones(tx, [payment.payerPhone])).get(payment.payerPhone);
    if (!client) throw new AppError('CONFLICT', 'У плательщика нет аккаунта в магазине: вернуть на бонусный счёт некому, верните деньгами');
    return client.id;
  }

  async function creditRefund(tx: Tx, payment: PaymentMoment, parts: RefundPart[]): Promise<void> {
    const toBonus = parts.filter((p) => p.toBonusKopecks > 0);
    if (toBonus.length === 0) return;
    const userId = await refundHolder(tx, payment);
    // Bonuses that money arriving after a cancellation could not take again were never paid: a
    // refund does not give them back. What earlier refunds withheld is counted off.
    const entries = await findEntriesOfPayment(tx, payment.paymentId);
    let unpaid =
      entries.filter((e) => e.sourceKey?.startsWith('spend-again:')).reduce((sum, e) => sum + e.writtenOffKopecks, 0) -
      entries.filter((e) => e.sourceKey?.startsWith('refund:')).reduce((sum, e) => sum + e.writtenOffKopecks, 0);
    for (const part of toBonus) {
      const withheld = Math.max(0, Math.min(part.amountKopecks - part.moneyPartKopecks, unpaid));
      unpaid -= withheld;
      const what = part.orderNumber ? `по заказу № ${part.orderNumber}` : `по платежу № ${payment.paymentNumber}`;
      await post(tx, {
        userId,
        kind: part.destination === 'bonus' ? 'refund' : 'reversal',
        amountKopecks: part.toBonusKopecks - withheld,
        writtenOffKopecks: withheld,
        orderId: part.orderId,
        orderNumber: part.orderNumber,
        paymentId: payment.paymentId,
        paymentNumber: payment.paymentNumber,
        paymentItemId: part.itemId,
        refundId: part.refundId,
        description: part.destination === 'bonus' ? `Возврат ${what} на бонусный счёт` : `Возврат ${what}: бонусы, которыми он был оплачен`,
        sourceKey: `refund:${part.refundId}`,
      });
    }
  }

  return { spend, giveBack, takeAgainForLateMoney, creditRefund };
}
