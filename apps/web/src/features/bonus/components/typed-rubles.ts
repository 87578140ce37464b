import { parseRublesToKopecks } from '@vmeste/contract';

/** What a roubles NumberInput holds: a number, or its text while it is not one yet («12.», «»). */
export type TypedRubles = number | string;

/** The kopecks of a roubles field; nothing typed, or not a number yet, is 0. */
export function kopecksOfRubles(value: TypedRubles): number {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : 0;
  return parseRublesToKopecks(value) ?? 0;
}
