import { moneyPaymentStatuses, type PaymentMethod, type PaymentStatus } from '@vmeste/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { paymentItems, payments } from './payments.schema.js';

/** How each order was paid (methods and dates of the payments whose money came). */
export async function paymentsOfOrders(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, { methods: PaymentMethod[]; paidDates: Date[] }>> {
  const map = new Map<string, { methods: PaymentMethod[]; paidDates: Date[] }>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({ orderId: paymentItems.orderId, method: payments.method, paidAt: payments.paidAt })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(and(inArray(paymentItems.orderId, orderIds), inArray(payments.status, [...moneyPaymentStatuses])))
    .orderBy(asc(payments.paidAt));
  for (const row of rows) {
    if (!row.orderId) continue;
    const entry = map.get(row.orderId) ?? { methods: [], paidDates: [] };
    if (!entry.methods.includes(row.method)) entry.methods.push(row.method);
    if (row.paidAt) entry.paidDates.push(row.paidAt);
    map.set(row.orderId, entry);
  }
  return map;
}

export type ExportedPaymentLine = {
  number: number;
  createdAt: Date;
  paidAt: Date | null;
  method: PaymentMethod;
  status: PaymentStatus;
  payerName: string;
  payerPhone: string;
  orderNumber: number | null;
  purchaseTitle: string;
  amountKopecks: number;
  refundedKopecks: number;
};

/**
 * Every item of every payment created in the period (Moscow dates, inclusive), a batch of payments
 * at a time: payments by number (its unique index), then their items, so no batch sorts the period.
 */
export async function* exportPaymentBatches(db: DbOrTx, from: string, to: string, batchSize = 100): AsyncGenerator<ExportedPaymentLine[]> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(payments)
      .where(
        and(
          sql`${payments.createdAt} >= (${from}::date)::timestamp at time zone 'Europe/Moscow'`,
          sql`${payments.createdAt} < (${to}::date + 1)::timestamp at time zone 'Europe/Moscow'`,
          gt(payments.number, after),
        ),
      )
      .orderBy(asc(payments.number))
      .limit(batchSize);
    if (batch.length === 0) return;
    const items = await db
      .select()
      .from(paymentItems)
      .where(
        inArray(
          paymentItems.paymentId,
          batch.map((p) => p.id),
        ),
      );
    const itemsOf = new Map<string, (typeof items)[number][]>();
    for (const item of items) itemsOf.set(item.paymentId, [...(itemsOf.get(item.paymentId) ?? []), item]);
    yield batch.flatMap((p) =>
      (itemsOf.get(p.id) ?? [])
        .sort((a, b) => (a.orderNumber ?? 0) - (b.orderNumber ?? 0))
        .map((item) => ({
          number: p.number,
          createdAt: p.createdAt,
          paidAt: p.paidAt,
          method: p.method,
          status: p.status,
          payerName: p.payerName,
          payerPhone: p.payerPhone,
          orderNumber: item.orderNumber,
          purchaseTitle: item.purchaseTitle,
          amountKopecks: item.amountKopecks,
          refundedKopecks: item.refundedKopecks,
        })),
    );
    after = batch[batch.length - 1]!.number;
    if (batch.length < batchSize) return;
  }
}
