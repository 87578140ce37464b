import { and, eq, sql } from 'drizzle-orm';
import { anyOfSql, type DbOrTx, rowsOf } from '../../db/client.js';
import { organizerFeeSql } from './order-money.sql.js';
import type { LineValues } from './orders.repository.js';
import { orderLines, type OrderLineRow, orders } from './orders.schema.js';

/**
 * The writes of an orders import, set-based: each statement takes its rows as one JSON parameter
 * (json_to_recordset), so 50,000 lines are a handful of statements, building one costs the server
 * microseconds instead of Drizzle's hundreds of milliseconds for thousands of parameters, and the
 * same text runs on PostgreSQL and PGlite. Each orders row written fires the client-totals trigger
 * (decision 021) once, so an order is written at most once per import, and not at all when nothing
 * of it changes.
 */

/** Rows per statement: building one's JSON and sending it holds the event loop for milliseconds, not tens. */
const BATCH = 2_000;

/** Rows in statements of BATCH each (the order notices write theirs the same way). */
export function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** The lines already stored in a purchase's orders of these phones, by phone (what an import adds to). */
export async function findLinesOfPhones(db: DbOrTx, purchaseId: string, phones: string[]): Promise<Map<string, OrderLineRow[]>> {
  const map = new Map<string, OrderLineRow[]>();
  // 250 phones at a time: mapping their thousand lines or so takes Drizzle milliseconds, not a blocking tenth of a second.
  for (let i = 0; i < phones.length; i += 250) {
    const batch = phones.slice(i, i + 250);
    const rows = await db
      .select({ phone: orders.phone, line: orderLines })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.purchaseId, purchaseId), anyOfSql(sql`${orders.phone}`, batch, 'text')));
    for (const { phone, line } of rows) {
      const lines = map.get(phone);
      if (lines) lines.push(line);
      else map.set(phone, [line]);
    }
  }
  return map;
}

/** The purchase's orders of these phones, locked for the import: phone → id. */
export async function lockOrdersOfPhones(db: DbOrTx, purchaseId: string, phones: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const batch of batches(phones)) {
    const result = await db.execute(sql`
      select o.id, o.phone from orders o
      where o.purchase_id = ${purchaseId}::uuid and ${anyOfSql(sql`o.phone`, batch, 'text')}
      for update`);
    for (const row of rowsOf<{ id: string; phone: string }>(result)) ids.set(row.phone, row.id);
  }
  return ids;
}

export type NewImportedOrder = { phone: string; clientName: string; userId: string | null; goodsKopecks: number };

/**
 * New orders with their totals already (goods from the file's lines, the fee by the SQL twin), so the
 * trigger counts each once; recomputeImportedOrders then finds nothing to change in them.
 */
export async function insertImportedOrders(
  db: DbOrTx,
  purchaseId: string,
  feeBasisPoints: number,
  rows: NewImportedOrder[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const fee = organizerFeeSql(sql`t.goods_kopecks`, sql`${feeBasisPoints}::int`);
  for (const batch of batches(rows)) {
    const json = JSON.stringify(
      batch.map((r) => ({ phone: r.phone, client_name: r.clientName, user_id: r.userId, goods_kopecks: r.goodsKopecks })),
    );
    const result = await db.execute(sql`
      insert into orders (purchase_id, phone, client_name, user_id, goods_kopecks, organizer_fee_kopecks, total_kopecks)
      select ${purchaseId}::uuid, t.phone, t.client_name, t.user_id, t.goods_kopecks, ${fee}, t.goods_kopecks + ${fee}
      from json_to_recordset(${json}::json) as t(phone text, client_name text, user_id uuid, goods_kopecks bigint)
      returning id, phone`);
    for (const row of rowsOf<{ id: string; phone: string }>(result)) ids.set(row.phone, row.id);
  }
  return ids;
}

/**
 * The file's lines into their orders (the unique index order_lines_identity_unique): a line of a
 * stored identity takes the file's quantity and price, and is not written at all when it holds both.
 */
export async function upsertImportedLines(db: DbOrTx, lines: LineValues[]): Promise<void> {
  for (const batch of batches(lines)) {
    const json = JSON.stringify(
      batch.map((l) => ({
        order_id: l.orderId,
        product: l.product,
        article: l.article,
        options: l.options,
        quantity: l.quantity,
        unit_price_kopecks: l.unitPriceKopecks,
      })),
    );
    await db.execute(sql`
      insert into order_lines (order_id, product, article, options, quantity, unit_price_kopecks)
      select t.order_id, t.product, t.article, t.options, t.quantity, t.unit_price_kopecks
      from json_to_recordset(${json}::json)
        as t(order_id uuid, product text, article text, options text, quantity integer, unit_price_kopecks bigint)
      on conflict (order_id, product, article, options) do update
        set quantity = excluded.quantity, unit_price_kopecks = excluded.unit_price_kopecks
        where (order_lines.quantity, order_lines.unit_price_kopecks) is distinct from (excluded.quantity, excluded.unit_price_kopecks)`);
  }
}

export type ImportedOrderUpdate = { id: string; clientName: string; userId: string | null };

/**
 * Orders the import touched: the file's name (when it gives one), the account when the order had none,
 * and the totals from the lines as they now stand (a received line counts its arrived units), as
 * recomputeTotals sums them, in one statement; an order where none of it changes is not written.
 */
export async function recomputeImportedOrders(db: DbOrTx, feeBasisPoints: number, rows: ImportedOrderUpdate[]): Promise<void> {
  const fee = organizerFeeSql(sql`s.goods`, sql`${feeBasisPoints}::int`);
  for (const batch of batches(rows)) {
    const json = JSON.stringify(batch.map((r) => ({ id: r.id, client_name: r.clientName, user_id: r.userId })));
    await db.execute(sql`
      update orders o set
        client_name = s.client_name,
        user_id = s.user_id,
        goods_kopecks = s.goods,
        organizer_fee_kopecks = ${fee},
        total_kopecks = s.goods + ${fee},
        updated_at = now()
      from (
        select o2.id,
          case when t.client_name <> '' then t.client_name else o2.client_name end as client_name,
          coalesce(o2.user_id, t.user_id) as user_id,
          coalesce((select sum(coalesce(l.arrived_quantity, l.quantity) * l.unit_price_kopecks) from order_lines l where l.order_id = o2.id), 0) as goods
        from json_to_recordset(${json}::json) as t(id uuid, client_name text, user_id uuid)
        join orders o2 on o2.id = t.id
      ) s
      where o.id = s.id
        and (o.client_name, o.user_id, o.goods_kopecks, o.organizer_fee_kopecks, o.total_kopecks)
          is distinct from (s.client_name, s.user_id, s.goods, ${fee}, s.goods + ${fee})`);
  }
}
