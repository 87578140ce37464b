import type { COVER_SIZE_WIDTHS } from '@vmeste/contract';

/**
 * The widths the server makes of a cover (`?w=`, the contract's COVER_SIZE_WIDTHS). Written here, not
 * imported: the contract's purchases module carries zod, which the main page does without.
 */
const WIDTHS: typeof COVER_SIZE_WIDTHS = ['320', '640', '960'];

/** `srcset` of a cover's picture: the browser takes the smallest that fills the place sharply. */
export function coverSrcSet(url: string): string {
  return WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');
}

/**
 * How wide a card's picture is drawn (CSS px): three cards in the 1140 px container from 62em, two
 * from 36em, one on a phone (the container's and the grid's gaps taken off).
 */
export const COVER_CARD_SIZES = '(min-width: 62em) 360px, (min-width: 36em) calc(50vw - 24px), calc(100vw - 32px)';

/** The opened purchase's picture fills the window (size lg, 620 px) or the phone's width. */
export const COVER_DETAILS_SIZES = '(min-width: 40em) 590px, calc(100vw - 32px)';
