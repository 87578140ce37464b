import type { Order } from '@vmeste/contract';
import type { DbOrTx } from '../../db/client.js';

/** What the payments of an order say about it, for the order's views: its open payment and why the latest one failed. */
export type OrderPaymentFacts = Pick<Order, 'openPaymentStatus' | 'paymentProblem'>;

/**
 * Given by the payments area (built on top of this one), as the purchases area is given its order
 * figures: one query for all the orders of a view.
 */
export type OrderPaymentFactsSource = (db: DbOrTx, orderIds: string[]) => Promise<Map<string, OrderPaymentFacts>>;

export const noPaymentFacts: OrderPaymentFacts = { openPaymentStatus: null, paymentProblem: null };
