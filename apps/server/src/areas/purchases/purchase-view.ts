import { basisPointsToPercent, type Purchase, type PurchaseCover } from '@vmeste/contract';
import type { PurchaseRow } from './purchases.schema.js';
import type { PurchaseStats } from './purchase-order-stats.js';

export const fileUrl = (key: string | null) => (key ? `/api/files/${key}` : null);

export function toPurchaseView(
  row: PurchaseRow,
  stats: PurchaseStats = { ordersCount: 0, dueKopecks: 0, paidKopecks: 0, linesCount: 0, receivedLinesCount: 0 },
): Purchase {
  return {
    ...toCoverView(row),
    organizerFeePercent: basisPointsToPercent(row.organizerFeeBasisPoints),
    cardId: row.cardId,
    isCashbackExcluded: row.isCashbackExcluded,
    showOnMain: row.showOnMain,
    mainOrder: row.mainOrder,
    ordersCount: stats.ordersCount,
    dueKopecks: stats.dueKopecks,
    paidKopecks: stats.paidKopecks,
    linesCount: stats.linesCount,
    receivedLinesCount: stats.receivedLinesCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the main page's cover shows of a purchase; the full view adds to it. */
export function toCoverView(row: PurchaseRow): PurchaseCover {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    supplier: row.supplier,
    status: row.status,
    paymentDeadline: row.paymentDeadline,
    coverUrl: fileUrl(row.coverKey),
    coverThumbUrl: fileUrl(row.coverThumbKey),
  };
}
