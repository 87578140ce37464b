import {
  canChangeFulfilment,
  type FulfilmentEvent,
  type FulfilmentStatus,
  illegalFulfilmentMessage,
  packedFulfilmentStatuses,
  type PurchaseStatus,
} from '@vmeste/contract';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { PurchaseRow, PurchasesArea } from '../purchases/index.js';
import { createInTransactionEvent } from '../../shared/in-transaction-event.js';
import { inContext } from './order-context.js';
import { orderMoneyViewOf, type OrderMoneyView } from './order-money-view.js';
import { findLinesOf, recomputeTotals } from './orders.repository.js';
import { findPurchaseStats } from './purchase-totals.sql.js';
import { orderFulfilmentEvents, type OrderLineRow, orderLines, type OrderRow, orders } from './orders.schema.js';

import type { Actor as FulfilmentActor } from '../../shared/actor.js';

export type { FulfilmentActor };

/** A line of a purchase as receiving needs it: the product, its order and what has arrived. */
export type ReceivingLineRow = {
  lineId: string;
  orderId: string;
  orderNumber: number;
  clientName: string;
  product: string;
  article: string;
  options: string;
  quantity: number;
  arrivedQuantity: number | null;
  fulfilmentStatus: FulfilmentStatus;
};

/** An order as the warehouse sees it: goods, money and where it is. */
export type WarehouseOrderRow = OrderMoneyView & {
  purchaseTitle: string;
  purchaseStatus: PurchaseStatus;
  fulfilmentStatus: FulfilmentStatus;
  unitsCount: number;
  arrivedUnitsCount: number;
  missingUnitsCount: number;
  isFullyReceived: boolean;
};

/** What one receiving did to an order, for the messages to its client. */
export type ArrivalChange = {
  order: WarehouseOrderRow;
  /** Every line of the order got its receiving with this call. */
  becameFullyReceived: boolean;
  /** The order was received in full before, and this call changed what arrived of it: its client was told otherwise. */
  isCorrection: boolean;
  missingLines: { product: string; article: string; options: string; missingQuantity: number }[];
};

const isPacked = (status: FulfilmentStatus) => packedFulfilmentStatuses.includes(status);

function warehouseView(row: OrderRow, lines: OrderLineRow[], purchase: PurchaseRow): WarehouseOrderRow {
  const received = lines.filter((l) => l.arrivedQuantity !== null);
  return {
    ...orderMoneyViewOf(row),
    purchaseTitle: purchase.title,
    purchaseStatus: purchase.status,
    fulfilmentStatus: row.fulfilmentStatus,
    unitsCount: lines.reduce((sum, l) => sum + l.quantity, 0),
    arrivedUnitsCount: received.reduce((sum, l) => sum + l.arrivedQuantity!, 0),
    missingUnitsCount: received.reduce((sum, l) => sum + l.quantity - l.arrivedQuantity!, 0),
    isFullyReceived: lines.length > 0 && received.length === lines.length,
  };
}

/**
 * What the orders area offers the warehouse: receiving of lines and the steps of an order's goods.
 * Orders are locked in id order, as payments lock them, so the two never deadlock.
 */
export function createOrderFulfilment({ purchases }: { purchases: PurchasesArea }) {
  /** Orders whose goods reached their client (handed over or delivered), in the step's transaction. */
  const delivered = createInTransactionEvent<{ orderIds: string[] }>();

  async function views(db: DbOrTx, rows: OrderRow[]): Promise<WarehouseOrderRow[]> {
    return (await inContext(db, purchases, rows)).map((o) => warehouseView(o.row, o.lines, o.purchase));
  }

  async function lockOrders(tx: Tx, ids: string[]): Promise<OrderRow[]> {
    if (ids.length === 0) return [];
    return tx
      .select()
      .from(orders)
      .where(inArray(orders.id, [...new Set(ids)]))
      .orderBy(asc(orders.id))
      .for('update');
  }

  async function recordSteps(
    tx: Tx,
    steps: { orderId: string; from: FulfilmentStatus; to: FulfilmentStatus }[],
    actor: FulfilmentActor,
    note = '',
  ) {
    if (steps.length === 0) return;
    for (const step of steps) {
      await tx.update(orders).set({ fulfilmentStatus: step.to, updatedAt: new Date() }).where(eq(orders.id, step.orderId));
    }
    await tx.insert(orderFulfilmentEvents).values(
      steps.map((s) => ({
        orderId: s.orderId,
        fromStatus: s.from,
        toStatus: s.to,
        actorId: actor?.id ?? null,
        actorName: actor?.name ?? null,
        note,
        // The history is ordered by time: two steps of one transaction (packed → ready → delivered)
        // must not share now(), the transaction's start.
        createdAt: sql`clock_timestamp()`,
      })),
    );
    const deliveredIds = steps.filter((s) => s.to === 'delivered' && s.from !== 'delivered').map((s) => s.orderId);
    if (deliveredIds.length > 0) await delivered.emit(tx, { orderIds: deliveredIds });
  }

  return {
    onDelivered: delivered.subscribe,
    /** The lines of a purchase's live orders, by product and then by order number. */
    async receivingLines(db: DbOrTx, purchaseId: string): Promise<ReceivingLineRow[]> {
      return db
        .select({
          lineId: orderLines.id,
          orderId: orders.id,
          orderNumber: orders.number,
          clientName: orders.clientName,
          product: orderLines.product,
          article: orderLines.article,
          options: orderLines.options,
          quantity: orderLines.quantity,
          arrivedQuantity: orderLines.arrivedQuantity,
          fulfilmentStatus: orders.fulfilmentStatus,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orders.purchaseId, purchaseId), isNull(orders.canceledAt)))
        .orderBy(asc(orderLines.product), asc(orderLines.article), asc(orderLines.options), asc(orders.number));
    },

    /** Per purchase: live orders, their lines, lines received, and orders still waiting for some goods. */
    receivingCounts: findPurchaseStats,

    /**
     * Writes what arrived of each line (absolute, so a repeat changes nothing), recomputes the
     * orders' totals, and moves an order to «На складе» once every line is received and something
     * came, or back when a correction leaves a line unreceived. Money paid for missing units stays
     * paid: it shows as a refund due until the admin returns it.
     */
    async recordArrivals(
      tx: Tx,
      purchase: PurchaseRow,
      arrivals: { lineId: string; arrivedQuantity: number }[],
      actor: FulfilmentActor,
    ): Promise<ArrivalChange[]> {
      if (arrivals.length === 0) return [];
      const lineIds = [...new Set(arrivals.map((a) => a.lineId))];
      const owners = await tx
        .select({ lineId: orderLines.id, orderId: orderLines.orderId })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(inArray(orderLines.id, lineIds), eq(orders.purchaseId, purchase.id), isNull(orders.canceledAt)));
      if (owners.length !== lineIds.length) throw new AppError('NOT_FOUND', 'Строка заказа не найдена в этой закупке: обновите страницу');

      const locked = await lockOrders(
        tx,
        owners.map((o) => o.orderId),
      );
      const linesBefore = await findLinesOf(
        tx,
        locked.map((o) => o.id),
      );
      const lineById = new Map([...linesBefore.values()].flat().map((l) => [l.id, l]));
      const orderById = new Map(locked.map((o) => [o.id, o]));

      const changed: { id: string; arrived: number }[] = [];
      for (const { lineId, arrivedQuantity } of arrivals) {
        const line = lineById.get(lineId)!;
        const order = orderById.get(line.orderId)!;
        if (arrivedQuantity > line.quantity) {
          throw new AppError(
            'BAD_REQUEST',
            `Заказ №${order.number}, «${line.product}»: поступило ${arrivedQuantity}, а заказано ${line.quantity}`,
          );
        }
        if (line.arrivedQuantity === arrivedQuantity) continue;
        if (isPacked(order.fulfilmentStatus)) {
          throw new AppError('CONFLICT', `Заказ №${order.number} уже упакован: его приёмку не изменить, сначала расформируйте посылку`);
        }
        changed.push({ id: lineId, arrived: arrivedQuantity });
      }
      if (changed.length === 0) return [];

      for (const line of changed) {
        await tx.update(orderLines).set({ arrivedQuantity: line.arrived }).where(eq(orderLines.id, line.id));
      }
      const touchedIds = [...new Set(changed.map((c) => lineById.get(c.id)!.orderId))];
      await recomputeTotals(tx, touchedIds, purchase.organizerFeeBasisPoints);

      const after = await views(tx, await tx.select().from(orders).where(inArray(orders.id, touchedIds)).orderBy(asc(orders.number)));
      const linesAfter = await findLinesOf(tx, touchedIds);
      const steps: { orderId: string; from: FulfilmentStatus; to: FulfilmentStatus }[] = [];
      const changes = after.map((order): ArrivalChange => {
        const wasFullyReceived = (linesBefore.get(order.id) ?? []).every((l) => l.arrivedQuantity !== null);
        const target: FulfilmentStatus = order.isFullyReceived && order.arrivedUnitsCount > 0 ? 'arrived' : 'awaiting_goods';
        if (target !== order.fulfilmentStatus) {
          steps.push({ orderId: order.id, from: order.fulfilmentStatus, to: target });
          order.fulfilmentStatus = target;
        }
        return {
          order,
          becameFullyReceived: order.isFullyReceived && !wasFullyReceived,
          isCorrection: order.isFullyReceived && wasFullyReceived,
          missingLines: (linesAfter.get(order.id) ?? [])
            .filter((l) => l.arrivedQuantity !== null && l.arrivedQuantity < l.quantity)
            .map((l) => ({ product: l.product, article: l.article, options: l.options, missingQuantity: l.quantity - l.arrivedQuantity! })),
        };
      });
      await recordSteps(tx, steps, actor, 'Приёмка');
      return changes;
    },

    /**
     * One step of the goods of several orders at once (packing, handing over). Every step must be
     * legal from where the order is; otherwise nothing moves and the answer names both states.
     */
    async changeFulfilment(tx: Tx, orderIds: string[], to: FulfilmentStatus, actor: FulfilmentActor, note = ''): Promise<void> {
      const locked = await lockOrders(tx, orderIds);
      if (locked.length !== new Set(orderIds).size) throw new AppError('NOT_FOUND', 'Заказ не найден');
      for (const order of locked) {
        if (!canChangeFulfilment(order.fulfilmentStatus, to)) {
          throw new AppError('CONFLICT', illegalFulfilmentMessage(order.number, order.fulfilmentStatus, to));
        }
      }
      await recordSteps(
        tx,
        locked.map((o) => ({ orderId: o.id, from: o.fulfilmentStatus, to })),
        actor,
        note,
      );
    },

    async findWarehouseOrders(db: DbOrTx, ids: string[]): Promise<WarehouseOrderRow[]> {
      if (ids.length === 0) return [];
      return views(
        db,
        await db
          .select()
          .from(orders)
          .where(inArray(orders.id, [...new Set(ids)]))
          .orderBy(asc(orders.id)),
      );
    },

    /** The same, locked in id order for the caller's transaction. */
    async lockWarehouseOrders(tx: Tx, ids: string[]): Promise<WarehouseOrderRow[]> {
      return views(tx, await lockOrders(tx, ids));
    },

    async findOrderByNumber(db: DbOrTx, number: number): Promise<WarehouseOrderRow | undefined> {
      const rows = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
      return (await views(db, rows))[0];
    },

    /**
     * A client's orders at the warehouse: live ones not yet handed out, and any of `alsoIds` (the one
     * that was searched for, even if delivered). Newest first; a hundred at most.
     */
    async findClientOrders(db: DbOrTx, phone: string, alsoIds: string[] = []): Promise<WarehouseOrderRow[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.phone, phone),
            isNull(orders.canceledAt),
            alsoIds.length
              ? or(ne(orders.fulfilmentStatus, 'delivered'), inArray(orders.id, alsoIds))
              : ne(orders.fulfilmentStatus, 'delivered'),
          ),
        )
        .orderBy(desc(orders.number))
        .limit(100);
      return views(db, rows);
    },

    async history(db: DbOrTx, orderId: string): Promise<FulfilmentEvent[]> {
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
      if (!order) throw new AppError('NOT_FOUND', 'Заказ не найден');
      const rows = await db
        .select()
        .from(orderFulfilmentEvents)
        .where(eq(orderFulfilmentEvents.orderId, orderId))
        .orderBy(asc(orderFulfilmentEvents.createdAt));
      return rows.map((r) => ({
        fromStatus: r.fromStatus,
        toStatus: r.toStatus,
        actorName: r.actorName,
        note: r.note,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
