import type { OrderForPayment } from '../orders/index.js';
import { type InvoiceForPayment, invoiceTitleOf } from './invoice-source.js';
import type { ReceiptLine } from './providers/payment-provider.js';

/** YooKassa's limit of lines in one receipt. */
const MAX_LINES = 100;
const MAX_DESCRIPTION = 128;

function describe(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= MAX_DESCRIPTION ? clean : `${clean.slice(0, MAX_DESCRIPTION - 1)}…`;
}

function orderLines(order: OrderForPayment, isDetailed: boolean): ReceiptLine[] {
  // A top-up after a change of the order (part was paid before) is one line: the goods were on the earlier receipt.
  if (order.dueKopecks !== order.totalKopecks) {
    return [{ description: `Доплата по заказу №${order.number}`, quantity: 1, unitKopecks: order.dueKopecks, subject: 'payment' }];
  }
  const goods: ReceiptLine[] = isDetailed
    ? order.lines.map((line) => ({
        description: describe([line.product, line.article, line.options].filter(Boolean).join(', ')),
        quantity: line.quantity,
        unitKopecks: line.unitPriceKopecks,
        subject: 'commodity',
      }))
    : [{ description: `Товары по заказу №${order.number}`, quantity: 1, unitKopecks: order.goodsKopecks, subject: 'commodity' }];
  const fee: ReceiptLine[] =
    order.organizerFeeKopecks > 0
      ? [{ description: `Оргсбор по заказу №${order.number}`, quantity: 1, unitKopecks: order.organizerFeeKopecks, subject: 'service' }]
      : [];
  return [...goods, ...fee];
}

/**
 * The 54-FZ receipt of a payment: one line per order line and the organizer fee as a service, so
 * the lines add up to exactly what is paid. A receipt that would be longer than the provider takes
 * shows each order's goods as one line instead.
 */
export function receiptLinesOf(orders: OrderForPayment[], invoices: InvoiceForPayment[] = []): ReceiptLine[] {
  // Delivery is a service of its own, one line per parcel.
  const delivery: ReceiptLine[] = invoices.map((invoice) => ({
    description: invoiceTitleOf(invoice),
    quantity: 1,
    unitKopecks: invoice.dueKopecks,
    subject: 'service',
  }));
  const detailed = [...orders.flatMap((order) => orderLines(order, true)), ...delivery];
  return detailed.length <= MAX_LINES ? detailed : [...orders.flatMap((order) => orderLines(order, false)), ...delivery];
}

export function receiptSumOf(lines: ReceiptLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitKopecks, 0);
}
