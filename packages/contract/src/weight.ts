import { formatNumber } from './number-format.js';

/**
 * A weight as people read it: «850 г», «1,25 кг», «1,001 кг». Kilograms keep every gram (three
 * places): the price list's bands end at whole kilograms, so «1 кг» for 1 001 g would hide that the
 * parcel is priced in the next band.
 */
export function formatWeight(grams: number): string {
  const whole = Math.round(grams);
  return whole < 1000
    ? `${formatNumber(whole, { maximumFractionDigits: 0 })} г`
    : `${formatNumber(whole / 1000, { maximumFractionDigits: 3 })} кг`;
}
