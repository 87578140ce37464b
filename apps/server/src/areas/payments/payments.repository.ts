import { moneyPaymentStatuses, type PaymentMethod, type PaymentStatus, type RefundDestination } from '@vmeste/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import {
  type PaymentEventRow,
  paymentEvents,
  type PaymentItemRow,
  paymentItems,
  type PaymentRefundRow,
  paymentRefunds,
  type PaymentRow,
  payments,
} from './payments.schema.js';

/** A payment is born pending (cash and bonuses succeed through the settlement right after). */
export type NewPayment = Omit<typeof payments.$inferInsert, 'status'> & { status?: 'pending' };
/**
 * What the generic update may change: anything but the status, whose one writer is the settlement's
 * `moveTo` (through writeStatus), checked against the contract's `paymentTransitions`.
 */
export type PaymentPatch = Omit<Partial<typeof payments.$inferInsert>, 'status' | 'id' | 'number'>;
export type NewItem = Omit<typeof paymentItems.$inferInsert, 'paymentId'>;
export type NewEvent = Omit<typeof paymentEvents.$inferInsert, 'id' | 'createdAt'>;

export async function insertPayment(db: DbOrTx, values: NewPayment, items: NewItem[]): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  await db.insert(paymentItems).values(items.map((item) => ({ ...item, paymentId: row!.id })));
  return row!;
}

export async function deletePayment(db: DbOrTx, id: string): Promise<void> {
  await db.delete(payments).where(eq(payments.id, id));
}

export async function insertEvent(db: DbOrTx, event: NewEvent): Promise<void> {
  await db.insert(paymentEvents).values(event);
}

export async function findPayment(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updatePayment(db: DbOrTx, id: string, values: PaymentPatch): Promise<PaymentRow> {
  // The type keeps the status out; this keeps out a status smuggled past it (a spread of a wider object).
  if ('status' in values) throw new Error('a payment status is written only by the settlement (moveTo)');
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/**
 * The status write itself, only for the settlement's `moveTo`: conditional on the status it moves
 * from, so a write from a stale read changes nothing (answers undefined) instead of overwriting.
 */
export async function writeStatus(
  db: DbOrTx,
  id: string,
  from: PaymentStatus,
  to: PaymentStatus,
  values: PaymentPatch,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ ...values, status: to, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, from)))
    .returning();
  return row;
}

/** A payment leaves the open state: its orders are free again (see the unique index on open items). */
export async function closeItems(db: DbOrTx, paymentId: string): Promise<void> {
  await db.update(paymentItems).set({ isOpen: false }).where(eq(paymentItems.paymentId, paymentId));
}

/**
 * An item of money that came late keeps only the bonuses that could be taken again (docs/decisions/025):
 * its amount is what really reached the order, its money part unchanged.
 */
export async function setItemBonus(db: DbOrTx, itemId: string, bonusKopecks: number): Promise<void> {
  await db
    .update(paymentItems)
    .set({ amountKopecks: sql`${paymentItems.amountKopecks} - ${paymentItems.bonusKopecks} + ${bonusKopecks}`, bonusKopecks })
    .where(eq(paymentItems.id, itemId));
}

export async function findItemsOf(db: DbOrTx, paymentIds: string[]): Promise<Map<string, PaymentItemRow[]>> {
  const map = new Map<string, PaymentItemRow[]>();
  if (paymentIds.length === 0) return map;
  const rows = await db
    .select()
    .from(paymentItems)
    .where(inArray(paymentItems.paymentId, paymentIds))
    .orderBy(asc(paymentItems.orderNumber));
  for (const row of rows) map.set(row.paymentId, [...(map.get(row.paymentId) ?? []), row]);
  return map;
}

export async function findEventsOf(db: DbOrTx, paymentId: string): Promise<PaymentEventRow[]> {
  return db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.createdAt));
}

/** The open payments holding any of these orders. */
export async function findOpenPaymentsOf(
  db: DbOrTx,
  orderIds: string[],
): Promise<{ orderNumber: number | null; paymentNumber: number; paymentId: string }[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderNumber: paymentItems.orderNumber, paymentNumber: payments.number, paymentId: payments.id })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(and(inArray(paymentItems.orderId, orderIds), eq(paymentItems.isOpen, true)));
}

export async function findOpenPaymentsOfInvoices(db: DbOrTx, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select({
      invoiceId: paymentItems.invoiceId,
      invoiceNumber: paymentItems.invoiceNumber,
      paymentNumber: payments.number,
      paymentId: payments.id,
    })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(and(inArray(paymentItems.invoiceId, invoiceIds), eq(paymentItems.isOpen, true)));
}

/** What each delivery invoice has paid: like sumPaidByOrder, for the other kind of item. */
export async function sumPaidByInvoice(db: DbOrTx, invoiceIds: string[]): Promise<Map<string, number>> {
  const paid = new Map(invoiceIds.map((id) => [id, 0]));
  if (invoiceIds.length === 0) return paid;
  const rows = await db
    .select({
      invoiceId: paymentItems.invoiceId,
      paid: sql<string>`coalesce(sum(${paymentItems.amountKopecks} - ${paymentItems.refundedKopecks}), 0)`,
    })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(and(inArray(paymentItems.invoiceId, invoiceIds), inArray(payments.status, [...moneyPaymentStatuses])))
    .groupBy(paymentItems.invoiceId);
  for (const row of rows) if (row.invoiceId) paid.set(row.invoiceId, Number(row.paid));
  return paid;
}

/** What each order has paid: its items of payments whose money came, less what went back. */
export async function sumPaidByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, number>> {
  const paid = new Map(orderIds.map((id) => [id, 0]));
  if (orderIds.length === 0) return paid;
  const rows = await db
    .select({
      orderId: paymentItems.orderId,
      paid: sql<string>`coalesce(sum(${paymentItems.amountKopecks} - ${paymentItems.refundedKopecks}), 0)`,
    })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(and(inArray(paymentItems.orderId, orderIds), inArray(payments.status, [...moneyPaymentStatuses])))
    .groupBy(paymentItems.orderId);
  for (const row of rows) if (row.orderId) paid.set(row.orderId, Number(row.paid));
  return paid;
}

/** An order's part of a payment whose money came and has not all gone back. */
export type RefundableItem = { item: PaymentItemRow; payment: PaymentRow };

/** The orders' items of succeeded payments with money left to return, newest payments first. */
export async function findRefundableItemsOf(db: DbOrTx, orderIds: string[]): Promise<RefundableItem[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({ item: paymentItems, payment: payments })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(
      and(
        inArray(paymentItems.orderId, orderIds),
        eq(payments.status, 'succeeded'),
        sql`${paymentItems.amountKopecks} > ${paymentItems.refundedKopecks}`,
      ),
    )
    .orderBy(sql`${payments.paidAt} desc nulls last`, desc(payments.createdAt), desc(payments.number));
}

export async function addItemRefund(
  db: DbOrTx,
  item: PaymentItemRow,
  refund: {
    amountKopecks: number;
    destination: RefundDestination;
    moneyPartKopecks: number;
    providerRefundId: string | null;
    comment: string;
    actorId: string | null;
  },
): Promise<PaymentRefundRow> {
  const [row] = await db
    .insert(paymentRefunds)
    .values({ paymentId: item.paymentId, itemId: item.id, ...refund })
    .returning();
  await db
    .update(paymentItems)
    .set({ refundedKopecks: sql`${paymentItems.refundedKopecks} + ${refund.amountKopecks}` })
    .where(eq(paymentItems.id, item.id));
  return row!;
}

export async function listUserPayments(db: DbOrTx, userId: string, limit = 100): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit);
}

export type PaymentFilter = {
  status?: PaymentStatus | undefined;
  method?: PaymentMethod | undefined;
  purchaseId?: string | undefined;
  /** Moscow dates, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  phoneDigits?: string | undefined;
};

const MOSCOW = 'Europe/Moscow';

export function paymentConditions(filter: PaymentFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.method) conditions.push(eq(payments.method, filter.method));
  if (filter.purchaseId)
    conditions.push(
      sql`exists (select 1 from payment_items i where i.payment_id = ${payments.id} and i.purchase_id = ${filter.purchaseId})`,
    );
  if (filter.from) conditions.push(sql`${payments.createdAt} >= (${filter.from}::date)::timestamp at time zone ${MOSCOW}`);
  if (filter.to) conditions.push(sql`${payments.createdAt} < (${filter.to}::date + 1)::timestamp at time zone ${MOSCOW}`);
  if (filter.phoneDigits) conditions.push(sql`${payments.payerPhone} like ${`%${filter.phoneDigits}%`}`);
  return conditions.length ? and(...conditions) : undefined;
}

export async function listPayments(
  db: DbOrTx,
  filter: PaymentFilter & { limit: number; offset: number },
): Promise<{ rows: PaymentRow[]; total: number; amountKopecks: number; refundedKopecks: number }> {
  const where = paymentConditions(filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.number))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({
        n: sql<string>`count(*)`,
        amount: sql<string>`coalesce(sum(${payments.amountKopecks}), 0)`,
        refunded: sql<string>`coalesce(sum(${payments.refundedKopecks}), 0)`,
      })
      .from(payments)
      .where(where),
  ]);
  return {
    rows,
    total: Number(totals?.n ?? 0),
    amountKopecks: Number(totals?.amount ?? 0),
    refundedKopecks: Number(totals?.refunded ?? 0),
  };
}

export async function listAwaitingCheck(db: DbOrTx): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.status, 'awaiting_check'))
    .orderBy(asc(payments.receiptUploadedAt), asc(payments.number));
}

/** Online payments still pending that were created before `before` (for the re-check and expiry jobs). */
export async function findPendingOnline(db: DbOrTx, options: { createdAfter?: Date; createdBefore?: Date }): Promise<PaymentRow[]> {
  const conditions: SQL[] = [eq(payments.status, 'pending'), isNotNull(payments.provider)];
  if (options.createdAfter) conditions.push(sql`${payments.createdAt} > ${options.createdAfter.toISOString()}`);
  if (options.createdBefore) conditions.push(lt(payments.createdAt, options.createdBefore));
  return db
    .select()
    .from(payments)
    .where(and(...conditions))
    .orderBy(asc(payments.createdAt))
    .limit(500);
}

/** Transfers whose receipt never came within the wait. */
export async function findStaleTransfers(db: DbOrTx, createdBefore: Date): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.method, 'transfer'),
        isNull(payments.receiptKey),
        lt(payments.createdAt, createdBefore),
      ),
    )
    .limit(500);
}

export { rowsOf };

/** An order's item of a payment that brought money, with what of its money part went back since. */
export type PaidOrderItem = {
  itemId: string;
  orderId: string;
  orderNumber: number | null;
  paymentId: string;
  paymentNumber: number;
  paidAt: Date;
  moneyKopecks: number;
  moneyRefundedKopecks: number;
};

export async function findPaidItemsOfOrders(db: DbOrTx, orderIds: string[]): Promise<PaidOrderItem[]> {
  if (orderIds.length === 0) return [];
  const refunded = db
    .select({
      itemId: paymentRefunds.itemId,
      money: sql<string>`sum(${paymentRefunds.moneyPartKopecks})`.as('money'),
    })
    .from(paymentRefunds)
    .groupBy(paymentRefunds.itemId)
    .as('refunded');
  const rows = await db
    .select({
      itemId: paymentItems.id,
      orderId: paymentItems.orderId,
      orderNumber: paymentItems.orderNumber,
      paymentId: payments.id,
      paymentNumber: payments.number,
      paidAt: payments.paidAt,
      amount: paymentItems.amountKopecks,
      bonus: paymentItems.bonusKopecks,
      moneyRefunded: refunded.money,
    })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .leftJoin(refunded, eq(refunded.itemId, paymentItems.id))
    .where(and(inArray(paymentItems.orderId, orderIds), inArray(payments.status, [...moneyPaymentStatuses]), isNotNull(payments.paidAt)))
    .orderBy(asc(payments.paidAt));
  return rows.map((r) => ({
    itemId: r.itemId,
    orderId: r.orderId!,
    orderNumber: r.orderNumber,
    paymentId: r.paymentId,
    paymentNumber: r.paymentNumber,
    paidAt: r.paidAt!,
    moneyKopecks: r.amount - r.bonus,
    moneyRefundedKopecks: Number(r.moneyRefunded ?? 0),
  }));
}
