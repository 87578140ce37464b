// A client's bonus ledger's kinds, the cashback moments and the spending rule, apart from the schemas:
// the order page's payment form limits a bonus spend and takes these without zod (issue 29, item 3).
import { percentToBasisPoints, spendCapOf } from './money.js';

/**
 * Every change of a client's bonuses is one ledger row; the balance is their sum (1 bonus = 1 ₽, in
 * kopecks). accrual — cashback on a paid order; referral — for an invited friend's order; manual —
 * credited or debited by an admin; spend — part of a payment; reversal — of an accrual, a referral
 * or a spend (a refund, a failed payment); expiry — bonuses that were not spent in time; refund — an
 * order refunded to bonuses instead of money.
 */
export const bonusEntryKinds = ['accrual', 'referral', 'manual', 'spend', 'reversal', 'expiry', 'refund'] as const;

/** When cashback reaches the client: when the order is handed over or delivered, or as soon as it is paid. */
export const cashbackMoments = ['delivery', 'payment'] as const;
export type CashbackMoment = (typeof cashbackMoments)[number];
export const cashbackMomentTitles: Record<CashbackMoment, string> = {
  delivery: 'Когда заказ получен',
  payment: 'Сразу после оплаты',
};

/** Days before expiry when the client is warned. */
export const BONUS_EXPIRY_WARNING_DAYS = 7;
/** The longest an admin may keep bonuses alive before they expire: ten years. */
export const BONUS_EXPIRY_MAX_DAYS = 3650;
/** One manual change at most, either way: a typo of a few zeros is refused. */
export const BONUS_MANUAL_MAX_KOPECKS = 1_000_000_00;
export const BONUS_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const BONUS_UPLOAD_MAX_ROWS = 10_000;

/** The most a payment of this sum may take from a balance under a cap (percent of the payment). */
export function bonusSpendLimitOf(paymentKopecks: number, balanceKopecks: number, spendCapPercent: number): number {
  return Math.max(0, Math.min(balanceKopecks, spendCapOf(paymentKopecks, percentToBasisPoints(spendCapPercent)), paymentKopecks));
}
