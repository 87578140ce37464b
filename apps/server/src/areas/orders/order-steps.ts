import type { MyOrderStep } from '@vmeste/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderFulfilmentEvents, orders } from './orders.schema.js';

/**
 * The steps of a client's own orders' goods, from the history the admin's «Движение заказа» reads:
 * only the statuses and their moments — who made a step and the staff's notes stay with the staff.
 */
export async function findStepsOfUser(db: DbOrTx, userId: string): Promise<MyOrderStep[]> {
  const rows = await db
    .select({
      orderId: orderFulfilmentEvents.orderId,
      fromStatus: orderFulfilmentEvents.fromStatus,
      toStatus: orderFulfilmentEvents.toStatus,
      createdAt: orderFulfilmentEvents.createdAt,
    })
    .from(orderFulfilmentEvents)
    .innerJoin(orders, eq(orders.id, orderFulfilmentEvents.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(asc(orderFulfilmentEvents.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
