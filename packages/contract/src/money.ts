/**
 * Money is integer kopecks everywhere below the UI (docs/decisions/003). These helpers are the only
 * place where roubles typed by people become kopecks and where percentages are applied.
 */
import { formatNumber } from './number-format.js';

/**
 * What no real shop reaches, so beyond it is a typo or an attack, refused before anything is saved
 * (and backed by CHECK constraints). Within them the money stays exact: an order's goods are at most
 * 10^9 kopecks, so `goods × basis points` (≤ 10^9 × 10^4 = 10^13) is far below both
 * Number.MAX_SAFE_INTEGER (9·10^15) and bigint, in JS and in SQL alike.
 */
/** One unit of goods: at most 1 000 000 ₽. */
export const MAX_UNIT_PRICE_KOPECKS = 100_000_000;
/** One order, organizer fee included: at most 10 000 000 ₽. */
export const MAX_ORDER_TOTAL_KOPECKS = 1_000_000_000;

/** `1 234,56`, `1234.56`, `1234`, `1 234,56 ₽`, `1234 руб.` → 123456; anything else → null. */
export function parseRublesToKopecks(input: string | number): number | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    const kopecks = Math.round(input * 100);
    return Math.abs(kopecks - input * 100) < 1e-6 ? kopecks : null;
  }
  const cleaned = input
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/(₽|руб\.?|р\.?)$/i, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const kopecks = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kopecks) ? kopecks : null;
}

/** A percent with up to two decimals as integer hundredths of a percent: 12.5 → 1250. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** `amount × percent`, rounded half-up to the kopeck, in integers only. */
export function applyPercentHalfUp(kopecks: number, basisPoints: number): number {
  return Math.floor((kopecks * basisPoints + 5000) / 10000);
}

/**
 * The most bonuses may pay of a payment: its share under the programme's cap, rounded down to the
 * kopeck (never more than the cap allows). The server refuses beyond it and the pay form offers it.
 */
export function spendCapOf(paymentKopecks: number, spendCapBasisPoints: number): number {
  return Math.floor((paymentKopecks * spendCapBasisPoints) / 10000);
}

/** Whether a number has at most two decimals (a percent or a rouble amount typed by a person). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Kopecks → `1 234,56 ₽` (a no-break space between groups and before the sign); for pages and messages alike. */
export function formatMoney(kopecks: number): string {
  return `${formatNumber(kopecks / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0₽`;
}
