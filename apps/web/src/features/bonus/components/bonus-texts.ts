import { type BonusEntry, type CashbackMoment, formatNumber, plural } from '@vmeste/contract';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';

/** 5 → «5 %», 2.5 → «2,5 %» (a no-break space, so the sign never wraps alone). */
export function formatPercent(percent: number): string {
  return `${formatNumber(percent, { maximumFractionDigits: 2 })}\u00a0%`;
}

/** Signed kopecks with their sign always shown: «+150,00 ₽», «−50,00 ₽». */
export function formatSignedMoney(kopecks: number): string {
  if (kopecks === 0) return formatMoney(0);
  return `${kopecks > 0 ? '+' : '−'}${formatMoney(Math.abs(kopecks))}`;
}

/**
 * A balance below zero is a debt (a refund took back cashback already spent, docs/decisions/023):
 * shown as what is owed, never as «−10,00 ₽ на счёте».
 */
export function balanceTexts(balanceKopecks: number, title: string): { title: string; amount: string; isDebt: boolean } {
  if (balanceKopecks >= 0) return { title, amount: formatMoney(balanceKopecks), isDebt: false };
  return { title: 'Долг по бонусам', amount: formatMoney(-balanceKopecks), isDebt: true };
}

/** Why there is a debt and how it goes away. */
export const DEBT_NOTE =
  'Возврат платежа отменил кешбэк, который уже был потрачен. Долг погасится из следующих начислений, до этого списывать бонусы нельзя.';

/** «1 234,56 ₽ сгорят 12.12.2026». */
export function expiringText(expiring: { amountKopecks: number; at: string }): string {
  return `${formatMoney(expiring.amountKopecks)} сгорят ${formatDate(expiring.at)}`;
}

/**
 * «Приглашено друзей: 3. За заказы друзей начислено 123,00 ₽.» A friend may be a man or a woman, so
 * no «он»; while nothing is earned yet the line says when it comes, by the programme's rule: referral
 * bonuses come with the friend's cashback — on delivery of a paid order, or on payment.
 */
export function referralStatsText(friendsCount: number, earnedKopecks: number, creditOn: CashbackMoment): string {
  if (friendsCount === 0) return 'Вы ещё никого не пригласили.';
  const invited = `Приглашено друзей: ${friendsCount}`;
  const isOne = friendsCount === 1;
  if (earnedKopecks === 0) return `${invited}. Бонусы придут, когда ${referralMomentText(creditOn, isOne)}.`;
  return `${invited}. За заказы ${isOne ? 'друга' : 'друзей'} начислено ${formatMoney(earnedKopecks)}.`;
}

/** «друг получит оплаченный заказ», «друзья оплатят заказы». */
function referralMomentText(creditOn: CashbackMoment, isOne: boolean): string {
  if (creditOn === 'delivery') return isOne ? 'друг получит оплаченный заказ' : 'друзья получат оплаченные заказы';
  return isOne ? 'друг оплатит заказ' : 'друзья оплатят заказы';
}

/** When a referral bonus comes, for the card's description. */
export const referralCreditNotes: Record<CashbackMoment, string> = {
  delivery: 'Бонусы начисляются, когда друг получает оплаченный заказ.',
  payment: 'Бонусы начисляются, как только друг оплатит заказ.',
};

/** «Заказ № 12 · Оплата № 7»: what a ledger row came from, or empty. */
export function entrySourceText(entry: Pick<BonusEntry, 'orderNumber' | 'paymentNumber'>): string {
  return [entry.orderNumber !== null && `Заказ № ${entry.orderNumber}`, entry.paymentNumber !== null && `Оплата № ${entry.paymentNumber}`]
    .filter(Boolean)
    .join(' · ');
}

/**
 * What a row could not move. On a debit (a reversal) the balance did not cover it, and the shop took
 * the rest on itself; on a credit (a refund) those bonuses had never been taken from the client.
 */
export function writtenOffText(kopecks: number, isCredit = false): string {
  return isCredit
    ? `Не возвращено ${formatMoney(kopecks)}: эти бонусы при оплате так и не были списаны.`
    : `Списать не удалось ${formatMoney(kopecks)}: бонусов на счёте не хватило, эту сумму магазин списал в убыток.`;
}

export function rowsText(n: number): string {
  return `${n} ${plural(n, 'строка', 'строки', 'строк')}`;
}

/** «в 2 строках», «в 1 строке». */
export function inRowsText(n: number): string {
  return `в ${n} ${plural(n, 'строке', 'строках', 'строках')}`;
}

/** «30 дней», «1 день». */
export function daysText(n: number): string {
  return `${n} ${plural(n, 'день', 'дня', 'дней')}`;
}

/** The server's Russian message of a failed call, or the default one. */
export const errorText = errorMessageOf;

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 404;
}
