/**
 * Numbers as Russian readers write them — `1 234,5`: groups of three split by a no-break space, a
 * decimal comma — the same as `Intl.NumberFormat('ru-RU')` prints, without it. A browser's first
 * `Intl.NumberFormat` loads the locale's number data, 35–70 ms on this machine and four times that on a
 * mid-range phone, in the middle of a page's first render; and the server's and the browser's ICU
 * could differ, which would break hydration. Decision 038.
 */
const GROUP_SEPARATOR = '\u00a0';

export interface NumberFormatOptions {
  /** Decimals kept at most, rounded half away from zero (as Intl rounds). */
  maximumFractionDigits?: number;
  /** Decimals always shown, padded with zeros. */
  minimumFractionDigits?: number;
}

/** `1234.5` → `1 234,5`. */
export function formatNumber(value: number, { maximumFractionDigits = 3, minimumFractionDigits = 0 }: NumberFormatOptions = {}): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'не число' : value > 0 ? '∞' : '-∞';
  const maxDigits = Math.max(maximumFractionDigits, minimumFractionDigits);
  const [whole, fraction] = roundDecimal(decimalString(Math.abs(value)), maxDigits);
  let shown = fraction.replace(/0+$/, '');
  if (shown.length < minimumFractionDigits) shown = shown.padEnd(minimumFractionDigits, '0');
  const isZero = /^0*$/.test(whole + fraction);
  const sign = value < 0 && !isZero ? '-' : '';
  return `${sign}${groupThousands(whole)}${shown ? `,${shown}` : ''}`;
}

/** The shortest decimal that reads back as the number (what Intl rounds from), never in exponent form. */
function decimalString(abs: number): string {
  const shortest = String(abs);
  if (!shortest.includes('e')) return shortest;
  return abs >= 1 ? BigInt(Math.round(abs)).toString() : abs.toFixed(20);
}

/** Rounds a plain decimal string half away from zero to `digits` decimals: `['1234', '50']`. */
function roundDecimal(decimal: string, digits: number): [string, string] {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const roundsUp = (fraction[digits] ?? '0') >= '5';
  if (!roundsUp) return [whole, kept];
  const bumped = (BigInt(whole + kept) + 1n).toString().padStart(whole.length + digits, '0');
  return [bumped.slice(0, bumped.length - digits) || '0', bumped.slice(bumped.length - digits)];
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
}
