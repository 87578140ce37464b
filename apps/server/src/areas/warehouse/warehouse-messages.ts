import { formatMoney, plural } from '@vmeste/contract';
import type { ArrivalChange } from '../orders/index.js';
import type { ParcelRow } from './warehouse.schema.js';

const LISTED_MISSING = 5;

function productName(line: { product: string; article: string; options: string }): string {
  const details = [line.article && `арт. ${line.article}`, line.options].filter(Boolean).join(', ');
  return details ? `${line.product} (${details})` : line.product;
}

function missingList(lines: ArrivalChange['missingLines']): string {
  const listed = lines.slice(0, LISTED_MISSING).map((l) => `${productName(l)} — ${l.missingQuantity} шт.`);
  const more = lines.length - LISTED_MISSING;
  return listed.join('; ') + (more > 0 ? `; и ещё ${more} ${plural(more, 'товар', 'товара', 'товаров')}` : '');
}

/**
 * What the client is told once every line of their order is received: what came, what did not, and
 * the money. A correction of the receiving says so and always gives the new sum.
 */
export function goodsArrivedText({ order, missingLines, isCorrection }: ArrivalChange, publicUrl: string): string {
  const title = `заказ №${order.number} («${order.purchaseTitle}»)`;
  const lead = isCorrection ? 'Вместе: приёмка уточнена —' : 'Вместе:';
  const sum = `Сумма заказа — ${formatMoney(order.totalKopecks)}.`;
  const money = [
    order.refundDueKopecks > 0 ? `Вернём ${formatMoney(order.refundDueKopecks)}.` : '',
    order.dueKopecks > 0 ? `К оплате ${formatMoney(order.dueKopecks)}: ${publicUrl}/order/${order.id}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (order.arrivedUnitsCount === 0) {
    return `${lead} товары, заказанные в ${title.replace(/^заказ/, 'заказе')}, не поступили от поставщика. ${money}`.trim();
  }
  if (missingLines.length === 0) {
    const arrived = isCorrection ? `${title} поступил на склад полностью. ${sum}` : `${title} поступил на склад.`;
    return `${lead} ${arrived} ${money || 'Сообщим, когда посылка будет готова.'}`.trim();
  }
  const missing = missingList(missingLines);
  // «Шарф — 2 шт.» already ends the sentence.
  const stop = missing.endsWith('.') ? '' : '.';
  return `${lead} ${title} поступил на склад не полностью. Не поступило: ${missing}${stop} ${sum} ${money}`.trim();
}

export function parcelReadyText(parcel: ParcelRow, orderNumbers: number[]): string {
  const orders = orderNumbers.map((n) => `№${n}`).join(', ');
  return `Вместе: посылка №${parcel.number} (${orderNumbers.length === 1 ? 'заказ' : 'заказы'} ${orders}) готова к выдаче в пункте самовывоза. При получении назовите последние 4 цифры телефона.`;
}
