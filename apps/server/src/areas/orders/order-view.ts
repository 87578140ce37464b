import {
  basisPointsToPercent,
  isOrderPayable,
  maskPhone,
  type Order,
  paymentStateOf,
  type PublicOrder,
  reducedNameOf,
} from '@vmeste/contract';
import type { PurchaseRow } from '../purchases/index.js';
import { orderMoneyViewOf } from './order-money-view.js';
import { noPaymentFacts, type OrderPaymentFacts } from './order-payment-facts.js';
import type { OrderLineRow, OrderRow } from './orders.schema.js';

export function toOrderView(
  row: OrderRow,
  lines: OrderLineRow[],
  purchase: PurchaseRow,
  payment: OrderPaymentFacts = noPaymentFacts,
): Order {
  const money = orderMoneyViewOf(row);
  const { dueKopecks } = money;
  return {
    id: row.id,
    number: row.number,
    purchase: {
      id: purchase.id,
      title: purchase.title,
      status: purchase.status,
      paymentDeadline: purchase.paymentDeadline,
      hasTransferCard: purchase.cardId !== null,
    },
    phone: row.phone,
    clientName: row.clientName,
    hasAccount: row.userId !== null,
    isCanceled: money.isCanceled,
    lines: lines.map((l) => ({
      id: l.id,
      product: l.product,
      article: l.article,
      options: l.options,
      quantity: l.quantity,
      unitPriceKopecks: l.unitPriceKopecks,
      totalKopecks: (l.arrivedQuantity ?? l.quantity) * l.unitPriceKopecks,
      arrivedQuantity: l.arrivedQuantity,
      missingQuantity: l.arrivedQuantity === null ? 0 : l.quantity - l.arrivedQuantity,
    })),
    goodsKopecks: money.goodsKopecks,
    organizerFeePercent: basisPointsToPercent(purchase.organizerFeeBasisPoints),
    organizerFeeKopecks: money.organizerFeeKopecks,
    totalKopecks: money.totalKopecks,
    paidKopecks: money.paidKopecks,
    dueKopecks,
    refundDueKopecks: money.refundDueKopecks,
    isPayable: isOrderPayable({ dueKopecks, purchaseStatus: purchase.status }),
    openPaymentStatus: payment.openPaymentStatus,
    // A failed payment's reason matters only while the order still owes.
    paymentProblem: dueKopecks > 0 ? payment.paymentProblem : null,
    paymentState: paymentStateOf(money),
    fulfilmentStatus: row.fulfilmentStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** For whoever holds the link: enough to recognise one's order (Мария И.), not to learn whose it is. */
export function toPublicOrderView(row: OrderRow, lines: OrderLineRow[], purchase: PurchaseRow, payment?: OrderPaymentFacts): PublicOrder {
  const { hasAccount: _hasAccount, ...order } = toOrderView(row, lines, purchase, payment);
  return { ...order, phone: maskPhone(row.phone), clientName: reducedNameOf(row.clientName) };
}
