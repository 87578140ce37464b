/**
 * An orange for what waits on someone (an invoice to pay, a test mode), dark enough for 4.5:1 both as
 * white text on it and as its own text on its light tint: Mantine's oranges reach 4.0 at best.
 */
export const ATTENTION_COLOR = '#b03e0c';
