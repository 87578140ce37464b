import type { OrderForPayment } from '../orders/index.js';
import { type InvoiceForPayment, invoiceTitleOf } from './invoice-source.js';
import type { ReceiptLine } from './providers/payment-provider.js';
import { splitProportionally } from '../../shared/proportional-split.js';

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

/**
 * The receipt of what the provider is asked for when bonuses cover part: each line's sum goes down
 * in proportion, so the lines still add up to exactly the money paid. A line whose new sum does not
 * divide by its quantity becomes two (all units but one at the whole-kopeck price, one at the
 * rest); a receipt that would then outgrow the provider's limit shows one line per quantity.
 */
export function discountedLines(lines: ReceiptLine[], discountKopecks: number): ReceiptLine[] {
  if (discountKopecks === 0) return lines;
  const totals = lines.map((l) => l.quantity * l.unitKopecks);
  const cuts = splitProportionally(discountKopecks, totals);
  const result = lines.flatMap((line, i): ReceiptLine[] => {
    const total = totals[i]! - cuts[i]!;
    if (total === 0) return [];
    const unit = Math.floor(total / line.quantity);
    if (unit * line.quantity === total) return [{ ...line, unitKopecks: unit }];
    const last = total - unit * (line.quantity - 1);
    return unit === 0
      ? [{ ...line, quantity: 1, unitKopecks: total }]
      : [
          { ...line, quantity: line.quantity - 1, unitKopecks: unit },
          { ...line, quantity: 1, unitKopecks: last },
        ];
  });
  if (result.length <= MAX_LINES) return result;
  return lines.map((line, i) => ({ ...line, quantity: 1, unitKopecks: totals[i]! - cuts[i]! })).filter((l) => l.unitKopecks > 0);
}

/** One item of a refund: the money of it that goes back, and the order or the delivery invoice it paid for. */
export type RefundedPart = {
  moneyKopecks: number;
  order: OrderForPayment | null;
  invoice: InvoiceForPayment | null;
  /** The item's own numbers, for a line when the order or invoice is not found. */
  orderNumber: number | null;
  invoiceNumber: number | null;
};

/** The units of an order that did not arrive, priced as ordered. */
function missingLines(order: OrderForPayment): ReceiptLine[] {
  return order.lines.flatMap((line) => {
    const missing = line.arrivedQuantity === null ? 0 : line.quantity - line.arrivedQuantity;
    if (missing <= 0) return [];
    const description = describe([line.product, line.article, line.options].filter(Boolean).join(', '));
    return [{ description, quantity: missing, unitKopecks: line.unitPriceKopecks, subject: 'commodity' as const }];
  });
}

/** The organizer fee of an order as a service line. */
const feeLine = (order: OrderForPayment, kopecks: number): ReceiptLine => ({
  description: `Оргсбор по заказу №${order.number}`,
  quantity: 1,
  unitKopecks: kopecks,
  subject: 'service',
});

function refundedOrderLines(order: OrderForPayment, money: number): ReceiptLine[] {
  // Goods that did not arrive go back first: a refund due for them lists just them and the fee they
  // carried (the rest, never more than the goods themselves).
  const missing = missingLines(order);
  const missingSum = receiptSumOf(missing);
  if (missingSum > 0 && money >= missingSum && money - missingSum <= missingSum) {
    return money > missingSum ? [...missing, feeLine(order, money - missingSum)] : missing;
  }
  // Otherwise the order's lines as the payment's receipt had them (every unit ordered, the fee apart), cut in
  // proportion to what goes back, as bonuses cut a payment's receipt; a fee that was higher then is the rest.
  const paid = orderLines({ ...order, dueKopecks: order.totalKopecks }, true);
  const sum = receiptSumOf(paid);
  if (money <= sum) return discountedLines(paid, sum - money);
  const goods = paid.filter((line) => line.subject === 'commodity');
  return [...goods, feeLine(order, money - receiptSumOf(goods))];
}

/**
 * The 54-FZ refund receipt («возврат прихода») of a refund through the provider: the lines of what
 * goes back, by the payment receipt's rules — goods by order line, the organizer fee and delivery as
 * services — adding up to exactly the money refunded (a bonus part is no money and is not on it).
 * A receipt longer than the provider takes shows each order's goods as one line.
 */
export function refundReceiptLinesOf(parts: RefundedPart[]): ReceiptLine[] {
  const lineOf = (part: RefundedPart): ReceiptLine[] => {
    if (part.moneyKopecks <= 0) return [];
    if (part.order) return refundedOrderLines(part.order, part.moneyKopecks);
    const description = part.invoice
      ? invoiceTitleOf(part.invoice)
      : part.invoiceNumber !== null
        ? `Доставка по счёту №${part.invoiceNumber}`
        : `Товары по заказу №${part.orderNumber ?? ''}`.trim();
    return [
      { description, quantity: 1, unitKopecks: part.moneyKopecks, subject: part.order || part.orderNumber ? 'commodity' : 'service' },
    ];
  };
  const detailed = parts.flatMap(lineOf);
  if (detailed.length <= MAX_LINES) return detailed;
  return parts
    .filter((part) => part.moneyKopecks > 0)
    .map((part) =>
      part.order || part.orderNumber !== null
        ? {
            description: `Товары по заказу №${part.order?.number ?? part.orderNumber}`,
            quantity: 1,
            unitKopecks: part.moneyKopecks,
            subject: 'commodity' as const,
          }
        : { description: lineOf(part)[0]!.description, quantity: 1, unitKopecks: part.moneyKopecks, subject: 'service' as const },
    );
}
