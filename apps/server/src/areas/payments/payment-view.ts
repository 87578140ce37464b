import type { AdminPayment, AdminPaymentDetails, FulfilmentStatus, Payment } from '@vmeste/contract';
import type { PaymentEventRow, PaymentItemRow, PaymentRow } from './payments.schema.js';

/** `goods`: where each order's goods are, given only for the payer's view of one payment. */
export function toPaymentView(row: PaymentRow, items: PaymentItemRow[], goods?: ReadonlyMap<string, FulfilmentStatus>): Payment {
  return {
    id: row.id,
    number: row.number,
    method: row.method,
    status: row.status,
    amountKopecks: row.amountKopecks,
    bonusKopecks: row.bonusKopecks,
    refundedKopecks: row.refundedKopecks,
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      orderId: item.orderId,
      orderNumber: item.orderNumber,
      invoiceId: item.invoiceId,
      invoiceNumber: item.invoiceNumber,
      purchaseTitle: item.purchaseTitle,
      amountKopecks: item.amountKopecks,
      bonusKopecks: item.bonusKopecks,
      refundedKopecks: item.refundedKopecks,
      ...(goods && item.orderId && goods.has(item.orderId) ? { fulfilmentStatus: goods.get(item.orderId)! } : {}),
    })),
    transfer: row.transferCard ? { ...row.transferCard, comment: row.transferComment ?? '' } : null,
    hasReceipt: row.receiptKey !== null,
    reason: row.reason,
    confirmationUrl: row.status === 'pending' ? row.confirmationUrl : null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

export function toAdminPaymentView(row: PaymentRow, items: PaymentItemRow[]): AdminPayment {
  return {
    ...toPaymentView(row, items),
    payer: { phone: row.payerPhone, name: row.payerName },
    purchaseTitles: [...new Set(items.map((i) => i.purchaseTitle))],
    provider: row.provider,
    providerPaymentId: row.providerPaymentId,
    receiptMime: row.receiptMime,
  };
}

export function toAdminDetailsView(row: PaymentRow, items: PaymentItemRow[], events: PaymentEventRow[]): AdminPaymentDetails {
  return {
    ...toAdminPaymentView(row, items),
    history: events.map((e) => ({
      id: e.id,
      at: e.createdAt.toISOString(),
      action: e.action,
      actorName: e.actorName,
      statusBefore: e.statusBefore,
      statusAfter: e.statusAfter,
      amountKopecks: e.amountKopecks,
      comment: e.comment,
      orders: e.orders,
    })),
  };
}
