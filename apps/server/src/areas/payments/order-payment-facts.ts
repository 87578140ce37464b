import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { OrderPaymentFacts } from '../orders/index.js';
import { paymentItems, payments } from './payments.schema.js';

/**
 * What each order's payments say, whoever paid (the cabinet, a relative by the order's link, the demo):
 * the open payment holding it, and why its latest payment failed — a rejected receipt's reason (or
 * «причина не указана»), a canceled payment's when it has one. Only the latest payment speaks, so an
 * old rejection is forgotten once the order is paid for again.
 */
export async function orderPaymentFactsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderPaymentFacts>> {
  const facts = new Map<string, OrderPaymentFacts>();
  if (orderIds.length === 0) return facts;
  const latest = await db
    .selectDistinctOn([paymentItems.orderId], { orderId: paymentItems.orderId, status: payments.status, reason: payments.reason })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(inArray(paymentItems.orderId, [...new Set(orderIds)]))
    .orderBy(paymentItems.orderId, desc(payments.createdAt), desc(payments.number));
  for (const { orderId, status, reason } of latest) {
    facts.set(orderId!, {
      openPaymentStatus: status === 'pending' || status === 'awaiting_check' ? status : null,
      paymentProblem:
        status === 'rejected'
          ? { status, reason: reason || 'причина не указана' }
          : status === 'canceled' && reason
            ? { status, reason }
            : null,
    });
  }
  return facts;
}
