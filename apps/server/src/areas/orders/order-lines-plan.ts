import { AppError } from '../../shared/app-error.js';
import { type LineValues, lineIdentityOf } from './orders.repository.js';
import type { OrderLineRow } from './orders.schema.js';

type NewLine = Omit<LineValues, 'orderId'>;

/** A line as it will count after the change: the units that arrived once received, as recomputeTotals counts them. */
export type PlannedLine = { quantity: number; unitPriceKopecks: number };

export type LinesPlan = { lines: PlannedLine[]; added: number; changed: number; unchanged: number };

/**
 * What an import does to one client's order (upsertLines): a file line of a stored line's identity
 * changes its quantity and price, or leaves it as it is when both are the same; other file lines are
 * added; stored lines the file does not mention stay. The preview shows this, apply stores it.
 */
export function planImportLines(fileLines: NewLine[], storedLines: OrderLineRow[]): LinesPlan {
  const stored = new Map(storedLines.map((l) => [lineIdentityOf(l), l]));
  const lines = new Map<string, PlannedLine>();
  for (const l of storedLines)
    lines.set(lineIdentityOf(l), { quantity: l.arrivedQuantity ?? l.quantity, unitPriceKopecks: l.unitPriceKopecks });
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  for (const l of fileLines) {
    const key = lineIdentityOf(l);
    const old = stored.get(key);
    if (!old) added += 1;
    else if (old.quantity === l.quantity && old.unitPriceKopecks === l.unitPriceKopecks) unchanged += 1;
    else changed += 1;
    lines.set(key, { quantity: old?.arrivedQuantity ?? l.quantity, unitPriceKopecks: l.unitPriceKopecks });
  }
  return { lines: [...lines.values()], added, changed, unchanged };
}

/**
 * The lines of a hand-made order or hand edit, one per identity: equal lines (the price too) add up,
 * as they always did; one variant at two prices cannot be one line and is refused rather than guessed.
 */
export function mergeHandLines(lines: NewLine[]): NewLine[] {
  const merged = new Map<string, NewLine>();
  for (const line of lines) {
    const key = lineIdentityOf(line);
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...line });
    else if (seen.unitPriceKopecks === line.unitPriceKopecks) seen.quantity += line.quantity;
    else {
      const variant = [line.article, line.options].filter(Boolean).join(', ');
      throw new AppError(
        'BAD_REQUEST',
        `Товар «${line.product}»${variant ? ` (${variant})` : ''} указан дважды с разной ценой: оставьте одну строку`,
        { field: 'lines' },
      );
    }
  }
  return [...merged.values()];
}
