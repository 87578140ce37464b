import type { BonusEntry, BonusUpload } from '@vmeste/contract';
import type { BonusEntryRow, BonusUploadRow } from './bonus.schema.js';

export function toEntryView(row: BonusEntryRow): BonusEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    kind: row.kind,
    amountKopecks: row.amountKopecks,
    writtenOffKopecks: row.writtenOffKopecks,
    description: row.description,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    paymentId: row.paymentId,
    paymentNumber: row.paymentNumber,
    comment: row.comment,
  };
}

export function toUploadView(row: BonusUploadRow): BonusUpload {
  return {
    id: row.id,
    number: row.number,
    at: row.createdAt.toISOString(),
    actorName: row.actorName,
    fileName: row.fileName,
    rowsCount: row.rowsCount,
    creditKopecks: row.creditKopecks,
    debitKopecks: row.debitKopecks,
  };
}
