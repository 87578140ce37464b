import { moneyPaymentStatuses, openPaymentStatuses, type PaymentMethod, type PaymentStatus } from '@vmeste/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { readWaiting, type Waiting } from '../../shared/waiting.js';
import {
  type PaymentEventRow,
  paymentEvents,
  type PaymentItemRow,
  paymentItems,
  type PaymentRefundRow,
  paymentRefunds,
  type PaymentRow,
  payments,
  unknownProviderRefunds,
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

export type NewRefundRow = Omit<typeof paymentRefunds.$inferInsert, 'id' | 'createdAt'>;

/** Refund rows, written in one statement (one per item of one refund, sharing its key). */
export async function insertRefundRows(db: DbOrTx, rows: NewRefundRow[]): Promise<PaymentRefundRow[]> {
  return db.insert(paymentRefunds).values(rows).returning();
}

/** What went back adds to the item's refunded sum: only for succeeded refund rows. */
export async function addItemRefunded(db: DbOrTx, itemId: string, amountKopecks: number): Promise<void> {
  await db
    .update(paymentItems)
    .set({ refundedKopecks: sql`${paymentItems.refundedKopecks} + ${amountKopecks}` })
    .where(eq(paymentItems.id, itemId));
}

/**
 * What refunds that count (succeeded or pending) have taken of each item of a payment: the sum and
 * the money part of it; a pending refund is taken as if it had gone, a failed one not at all.
 */
export async function findRefundsTakenOf(
  db: DbOrTx,
  paymentId: string,
): Promise<Map<string, { amountKopecks: number; moneyPartKopecks: number; pendingKopecks: number }>> {
  const rows = await db
    .select({
      itemId: paymentRefunds.itemId,
      amount: sql<string>`coalesce(sum(${paymentRefunds.amountKopecks}) filter (where ${paymentRefunds.status} <> 'failed'), 0)`,
      money: sql<string>`coalesce(sum(${paymentRefunds.moneyPartKopecks}) filter (where ${paymentRefunds.status} <> 'failed'), 0)`,
      pending: sql<string>`coalesce(sum(${paymentRefunds.amountKopecks}) filter (where ${paymentRefunds.status} = 'pending'), 0)`,
    })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .groupBy(paymentRefunds.itemId);
  return new Map(
    rows.map((r) => [r.itemId, { amountKopecks: Number(r.amount), moneyPartKopecks: Number(r.money), pendingKopecks: Number(r.pending) }]),
  );
}

/** What pending refunds hold of each order: the order's refund due is that much smaller meanwhile. */
export async function sumPendingRefundsOfOrders(db: DbOrTx, orderIds: string[]): Promise<Map<string, number>> {
  const held = new Map(orderIds.map((id) => [id, 0]));
  if (orderIds.length === 0) return held;
  const rows = await db
    .select({ orderId: paymentItems.orderId, pending: sql<string>`sum(${paymentRefunds.amountKopecks})` })
    .from(paymentRefunds)
    .innerJoin(paymentItems, eq(paymentItems.id, paymentRefunds.itemId))
    .where(and(inArray(paymentItems.orderId, orderIds), eq(paymentRefunds.status, 'pending')))
    .groupBy(paymentItems.orderId);
  for (const row of rows) if (row.orderId) held.set(row.orderId, Number(row.pending));
  return held;
}

/** The rows of one refund, by its key. */
export async function findRefundRows(db: DbOrTx, idempotenceKey: string): Promise<PaymentRefundRow[]> {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotenceKey, idempotenceKey)).orderBy(asc(paymentRefunds.itemId));
}

/**
 * A pending refund becomes succeeded or failed: only while it is pending, so of two that settle it
 * (the request and the reconcile job) one does and the other gets nothing back.
 */
export async function settleRefundRows(
  db: DbOrTx,
  idempotenceKey: string,
  values: { status: 'succeeded' | 'failed'; providerRefundId?: string | null; failure?: string | null; isReconciled: boolean },
): Promise<PaymentRefundRow[]> {
  const now = new Date();
  return db
    .update(paymentRefunds)
    .set({
      status: values.status,
      ...(values.providerRefundId ? { providerRefundId: values.providerRefundId } : {}),
      failure: values.failure ?? null,
      settledAt: now,
      reconciledAt: values.isReconciled ? now : null,
    })
    .where(and(eq(paymentRefunds.idempotenceKey, idempotenceKey), eq(paymentRefunds.status, 'pending')))
    .returning();
}

/** A pending refund the provider answered "still pending": its id, to ask by later. */
export async function setPendingRefundProviderId(db: DbOrTx, idempotenceKey: string, providerRefundId: string): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ providerRefundId })
    .where(and(eq(paymentRefunds.idempotenceKey, idempotenceKey), eq(paymentRefunds.status, 'pending')));
}

/** Keys of the refunds still pending, written before `createdBefore`, oldest first. */
export async function findPendingRefundKeys(db: DbOrTx, createdBefore: Date, paymentId?: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: paymentRefunds.idempotenceKey, at: paymentRefunds.createdAt })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.status, 'pending'),
        lt(paymentRefunds.createdAt, createdBefore),
        paymentId ? eq(paymentRefunds.paymentId, paymentId) : undefined,
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(200);
  return [...new Set(rows.map((r) => r.key))];
}

/** Online payments with a refund written since `since`: the ones whose refunds at the provider are listed and compared. */
export async function findPaymentsRefundedSince(db: DbOrTx, since: Date): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        isNotNull(payments.providerPaymentId),
        sql`exists (select 1 from ${paymentRefunds} r where r.payment_id = ${payments.id} and r.created_at >= ${since.toISOString()})`,
      ),
    )
    .limit(500);
}

/** Provider refund ids the shop's refunds of a payment name. */
export async function findKnownProviderRefundIds(db: DbOrTx, paymentId: string): Promise<{ ids: Set<string>; keys: Set<string> }> {
  const rows = await db
    .select({ id: paymentRefunds.providerRefundId, key: paymentRefunds.idempotenceKey })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId));
  return { ids: new Set(rows.flatMap((r) => (r.id ? [r.id] : []))), keys: new Set(rows.map((r) => r.key)) };
}

/** What the reconcile job found of one payment's refunds at the provider that the shop does not know: replaces what it found before. */
export async function replaceUnknownProviderRefunds(
  db: DbOrTx,
  paymentId: string,
  found: { providerRefundId: string; amountKopecks: number; status: 'pending' | 'succeeded' | 'canceled'; providerCreatedAt: Date }[],
): Promise<void> {
  await db.delete(unknownProviderRefunds).where(eq(unknownProviderRefunds.paymentId, paymentId));
  if (found.length > 0)
    await db
      .insert(unknownProviderRefunds)
      .values(found.map((f) => ({ ...f, paymentId })))
      .onConflictDoNothing();
}

/** Differences with the provider, for the admin (see the contract's paymentDifferenceTypes); newest first. */
export async function listProviderDifferences(
  db: DbOrTx,
  options: { pendingBefore: Date; failedSince: Date; paymentPendingBefore: Date },
): Promise<
  {
    type: 'refund_pending' | 'refund_failed' | 'refund_unknown' | 'payment_pending';
    paymentId: string;
    paymentNumber: number;
    amountKopecks: number;
    at: Date;
    providerRefundId: string | null;
    failure: string | null;
  }[]
> {
  const rows = rowsOf<{
    type: 'refund_pending' | 'refund_failed' | 'refund_unknown' | 'payment_pending';
    payment_id: string;
    payment_number: number;
    amount_kopecks: string;
    at: string | Date;
    provider_refund_id: string | null;
    failure: string | null;
  }>(
    await db.execute(sql`
    select case when r.status = 'pending' then 'refund_pending' else 'refund_failed' end as type,
      p.id as payment_id, p.number as payment_number, sum(r.money_part_kopecks)::bigint as amount_kopecks,
      min(r.created_at) as at, max(r.provider_refund_id) as provider_refund_id, max(r.failure) as failure
    from ${paymentRefunds} r join ${payments} p on p.id = r.payment_id
    where (r.status = 'pending' and r.created_at < ${options.pendingBefore.toISOString()})
       or (r.status = 'failed' and r.reconciled_at >= ${options.failedSince.toISOString()})
    group by r.idempotence_key, r.status, p.id, p.number
    union all
    select 'refund_unknown', p.id, p.number, u.amount_kopecks, u.provider_created_at, u.provider_refund_id, null
    from ${unknownProviderRefunds} u join ${payments} p on p.id = u.payment_id
    where u.status <> 'canceled'
    union all
    select 'payment_pending', p.id, p.number, (p.amount_kopecks - p.bonus_kopecks)::bigint, p.created_at, null, null
    from ${payments} p
    where p.status = 'pending' and p.provider is not null and p.created_at < ${options.paymentPendingBefore.toISOString()}
    order by at desc
    limit 500`),
  );
  return rows.map((r) => ({
    type: r.type,
    paymentId: r.payment_id,
    paymentNumber: Number(r.payment_number),
    amountKopecks: Number(r.amount_kopecks),
    at: new Date(r.at),
    providerRefundId: r.provider_refund_id,
    failure: r.failure,
  }));
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
): Promise<{ rows: PaymentRow[]; total: number; receivedKopecks: number; pendingKopecks: number; refundedKopecks: number }> {
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
        // Money that came (refunds shown apart) and money still awaited; a canceled or rejected payment is neither.
        received: sql<string>`coalesce(sum(${payments.amountKopecks}) filter (where ${inArray(payments.status, [...moneyPaymentStatuses])}), 0)`,
        pending: sql<string>`coalesce(sum(${payments.amountKopecks}) filter (where ${inArray(payments.status, [...openPaymentStatuses])}), 0)`,
        refunded: sql<string>`coalesce(sum(${payments.refundedKopecks}), 0)`,
      })
      .from(payments)
      .where(where),
  ]);
  return {
    rows,
    total: Number(totals?.n ?? 0),
    receivedKopecks: Number(totals?.received ?? 0),
    pendingKopecks: Number(totals?.pending ?? 0),
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
    .where(eq(paymentRefunds.status, 'succeeded'))
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

/** Payments and refunds waiting for the provider or a staff check, for monitoring. */
export function paymentsWaiting(db: DbOrTx): Promise<Waiting[]> {
  return readWaiting(
    db,
    sql`
      select 'payments_pending' as what, count(*) as count, extract(epoch from now() - min(created_at))::float8 as oldest
        from payments where status = 'pending'
      union all
      select 'payments_awaiting_check', count(*), extract(epoch from now() - min(created_at))::float8
        from payments where status = 'awaiting_check'
      union all
      select 'refunds_pending', count(*), extract(epoch from now() - min(created_at))::float8
        from payment_refunds where status = 'pending'`,
  );
}
