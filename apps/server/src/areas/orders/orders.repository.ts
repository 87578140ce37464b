import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PaymentState } from '@vmeste/contract';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { dueSql, orderColumns, organizerFeeSql, paymentStateSql, refundDueSql } from './order-money.sql.js';
import { orderLines, type OrderLineRow, type OrderRow, orders } from './orders.schema.js';

const BATCH = 1000;

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type OrderKey = { phone: string; clientName: string; userId: string | null };
export type LineValues = { orderId: string; product: string; article: string; options: string; quantity: number; unitPriceKopecks: number };

/** One order per client and purchase: existing orders keep their id, number and payments. */
export async function upsertOrders(db: DbOrTx, purchaseId: string, keys: OrderKey[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const batch of chunks(keys)) {
    const rows = await db
      .insert(orders)
      .values(batch.map((k) => ({ purchaseId, phone: k.phone, clientName: k.clientName, userId: k.userId })))
      .onConflictDoUpdate({
        target: [orders.purchaseId, orders.phone],
        set: {
          clientName: sql`case when excluded.client_name <> '' then excluded.client_name else ${orders.clientName} end`,
          userId: sql`coalesce(${orders.userId}, excluded.user_id)`,
          updatedAt: new Date(),
        },
      })
      .returning({ id: orders.id, phone: orders.phone });
    for (const row of rows) ids.set(row.phone, row.id);
  }
  return ids;
}

/**
 * A line seen again (same product, article and options) takes the new quantity and price instead of
 * adding a copy; one already holding both is not written at all, so it stays exactly as it was.
 */
export async function upsertLines(db: DbOrTx, lines: LineValues[]): Promise<void> {
  for (const batch of chunks(lines)) {
    await db
      .insert(orderLines)
      .values(batch)
      .onConflictDoUpdate({
        target: [orderLines.orderId, orderLines.product, orderLines.article, orderLines.options],
        set: { quantity: sql`excluded.quantity`, unitPriceKopecks: sql`excluded.unit_price_kopecks` },
        setWhere: sql`(${orderLines.quantity}, ${orderLines.unitPriceKopecks}) is distinct from (excluded.quantity, excluded.unit_price_kopecks)`,
      });
  }
}

/** What makes two lines of an order the same line (the unique index order_lines_identity_unique): the price is not part of it. */
export function lineIdentityOf(line: Pick<LineValues, 'product' | 'article' | 'options'>): string {
  return JSON.stringify([line.product, line.article, line.options]);
}

/**
 * An order's lines become exactly these (one per identity): a line of the same identity keeps its id,
 * and is written only if its quantity or price changed; new ones are added, the ones left out removed.
 */
export async function syncLines(db: DbOrTx, orderId: string, lines: Omit<LineValues, 'orderId'>[]): Promise<void> {
  const stored = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const kept = new Set(lines.map(lineIdentityOf));
  const gone = stored.filter((l) => !kept.has(lineIdentityOf(l))).map((l) => l.id);
  for (const batch of chunks(gone)) await db.delete(orderLines).where(inArray(orderLines.id, batch));
  await upsertLines(
    db,
    lines.map((l) => ({ ...l, orderId })),
  );
}

/**
 * Goods sum, organizer fee and total of the given orders, from their lines (a received line counts
 * only the units that arrived) and the fee of their
 * purchase (passed in, as the purchases table is not this area's).
 */
export async function recomputeTotals(db: DbOrTx, orderIds: string[], feeBasisPoints: number): Promise<void> {
  const fee = organizerFeeSql(sql`s.goods`, sql`${feeBasisPoints}::int`);
  for (const batch of chunks(orderIds)) {
    await db.execute(sql`
      update orders o set
        goods_kopecks = s.goods,
        organizer_fee_kopecks = ${fee},
        total_kopecks = s.goods + ${fee},
        updated_at = now()
      from (
        select o2.id, coalesce(sum(coalesce(l.arrived_quantity, l.quantity) * l.unit_price_kopecks), 0) as goods
        from orders o2 left join order_lines l on l.order_id = o2.id
        where o2.id in (${sql.join(
          batch.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by o2.id
      ) s
      where o.id = s.id`);
  }
}

/** After the organizer fee of a purchase changed: every order of it gets the new fee and total. */
export async function recomputePurchaseTotals(db: DbOrTx, purchaseId: string, feeBasisPoints: number): Promise<void> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.purchaseId, purchaseId));
  await recomputeTotals(
    db,
    rows.map((r) => r.id),
    feeBasisPoints,
  );
}

export async function findOrderById(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findOrderByPurchaseAndPhone(db: DbOrTx, purchaseId: string, phone: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.purchaseId, purchaseId), eq(orders.phone, phone)))
    .limit(1);
  return row;
}

export async function findLinesOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const map = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.createdAt, orderLines.product);
  for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
  return map;
}

/** Orders in a payment state, worked out as the order view does (canceled orders have states of their own). */
function paymentStateIs(state: PaymentState): SQL {
  return sql`${paymentStateSql(orderColumns)} = ${state}`;
}

export async function listOrders(
  db: DbOrTx,
  filter: {
    purchaseId?: string | undefined;
    phoneDigits?: string | undefined;
    paymentState?: PaymentState | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: OrderRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.purchaseId) conditions.push(eq(orders.purchaseId, filter.purchaseId));
  if (filter.phoneDigits) conditions.push(sql`${orders.phone} like ${`%${filter.phoneDigits}%`}`);
  if (filter.paymentState) conditions.push(paymentStateIs(filter.paymentState));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.number)).limit(filter.limit).offset(filter.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

/**
 * A client's own orders: with money due (unpaid) or fully paid (paid). A paid order whose goods all
 * failed to arrive costs nothing but stays listed while its money is owed back, and so does a canceled
 * order that still holds money («К возврату»); other canceled ones are left out.
 */
export async function listUserOrders(db: DbOrTx, userId: string, state: 'unpaid' | 'paid' | undefined): Promise<OrderRow[]> {
  const paymentState = paymentStateSql(orderColumns);
  const conditions: SQL[] = [eq(orders.userId, userId), sql`${paymentState} <> 'canceled'`];
  if (state === 'unpaid') conditions.push(sql`${dueSql(orderColumns)} > 0`);
  if (state === 'paid') {
    conditions.push(sql`${paymentState} in ('paid', 'refund_due') and (${orders.totalKopecks} > 0 or ${orders.paidKopecks} > 0)`);
  }
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt));
}

/**
 * Orders the shop owes money back (refundDueOf): live ones paid beyond their total, canceled ones
 * holding any money. By number.
 */
export async function findOverpaidOrders(db: DbOrTx): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(sql`${refundDueSql(orderColumns)} > 0`)
    .orderBy(orders.number);
}

/** A purchase's live orders with their money, locked in id order (as payments lock them), for a fee change's figures. */
export async function findLiveOrdersMoney(
  db: DbOrTx,
  purchaseId: string,
): Promise<{ id: string; totalKopecks: number; paidKopecks: number }[]> {
  return db
    .select({ id: orders.id, totalKopecks: orders.totalKopecks, paidKopecks: orders.paidKopecks })
    .from(orders)
    .where(and(eq(orders.purchaseId, purchaseId), isNull(orders.canceledAt)))
    .orderBy(orders.id)
    .for('update');
}

/**
 * Answers the ids it canceled: every order of the purchase still live, paid or not. They are locked
 * in id order first, as payments lock them, so a payment of several of them never deadlocks with this.
 */
export async function cancelOrdersOf(db: DbOrTx, purchaseId: string): Promise<string[]> {
  const live = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.purchaseId, purchaseId), isNull(orders.canceledAt)))
    .orderBy(orders.id)
    .for('update');
  const ids = live.map((r) => r.id);
  for (const batch of chunks(ids)) {
    await db.update(orders).set({ canceledAt: new Date(), updatedAt: new Date() }).where(inArray(orders.id, batch));
  }
  return ids;
}

export async function updateOrder(db: DbOrTx, id: string, values: Partial<typeof orders.$inferInsert>): Promise<void> {
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/**
 * Numbers of the orders (by ids, or all of a purchase) whose lines as they stand now would pass the
 * shop's limits with this fee: too many lines, or a total beyond the most an order may cost. Run
 * before recomputeTotals, so the CHECK on orders never has to refuse (a 500) what deserves a 400.
 */
export async function findOrdersBeyondLimits(
  db: DbOrTx,
  scope: { orderIds: string[] } | { purchaseId: string },
  feeBasisPoints: number,
  limits: { lines: number; totalKopecks: number },
): Promise<number[]> {
  const fee = organizerFeeSql(sql`s.goods`, sql`${feeBasisPoints}::int`);
  const wheres =
    'purchaseId' in scope
      ? [sql`o.purchase_id = ${scope.purchaseId}::uuid`]
      : chunks(scope.orderIds).map(
          (batch) =>
            sql`o.id in (${sql.join(
              batch.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
        );
  const numbers: number[] = [];
  for (const where of wheres) {
    const result = await db.execute(sql`
      select s.number from (
        select o.number, count(l.id) as lines, coalesce(sum(coalesce(l.arrived_quantity, l.quantity)::numeric * l.unit_price_kopecks), 0) as goods
        from orders o left join order_lines l on l.order_id = o.id
        where ${where}
        group by o.id
      ) s
      where s.lines > ${limits.lines} or s.goods + ${fee} > ${limits.totalKopecks}
      order by s.number`);
    numbers.push(...rowsOf<{ number: number }>(result).map((r) => Number(r.number)));
  }
  return numbers;
}
