import { formatMoney, MAX_ORDER_LINES, MAX_ORDER_TOTAL_KOPECKS, orderTotalLimitErrorOf, plural } from '@vmeste/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { PlannedLine } from './order-lines-plan.js';
import { findOrdersBeyondLimits } from './orders.repository.js';

const limits = { lines: MAX_ORDER_LINES, totalKopecks: MAX_ORDER_TOTAL_KOPECKS };

/**
 * Why a client's order would be beyond the shop's limits with this fee with these lines (what an
 * import would leave in it, see planImportLines), or null: the import's row error, the same in the
 * preview and on apply.
 */
export function orderLimitErrorOf(lines: PlannedLine[], feeBasisPoints: number): string | null {
  if (lines.length > MAX_ORDER_LINES) return `в заказе клиента было бы больше ${MAX_ORDER_LINES.toLocaleString('ru-RU')} строк`;
  const goods = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKopecks, 0);
  const error = orderTotalLimitErrorOf(goods, feeBasisPoints);
  return error && error.charAt(0).toLowerCase() + error.slice(1);
}

/**
 * Refuses with a 400 when the lines now stored (an order's old lines with an import's new ones, or a
 * new fee on every order of a purchase) would take an order beyond the limits; run before the totals
 * are written, inside the same transaction, so nothing is saved.
 */
export async function requireWithinLimits(db: DbOrTx, scope: { orderIds: string[] } | { purchaseId: string }, feeBasisPoints: number) {
  const numbers = await findOrdersBeyondLimits(db, scope, feeBasisPoints, limits);
  if (numbers.length === 0) return;
  const listed =
    numbers
      .slice(0, 10)
      .map((n) => `№ ${n}`)
      .join(', ') + (numbers.length > 10 ? ` и ещё ${numbers.length - 10}` : '');
  throw new AppError(
    'BAD_REQUEST',
    `${numbers.length === 1 ? 'Заказ' : 'Заказы'} ${listed} ${plural(numbers.length, 'стал', 'стали', 'стали')} бы больше ${MAX_ORDER_LINES.toLocaleString('ru-RU')} строк ` +
      `или дороже ${formatMoney(MAX_ORDER_TOTAL_KOPECKS)} вместе с наценкой. Ничего не записано`,
  );
}
