import { payablePurchaseStatuses } from '@vmeste/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { purchases } from './purchases.schema.js';

/**
 * The purchases whose orders are paid now (the contract's `payablePurchaseStatuses`, the rule of
 * `isOrderPayable`), as a subquery `purchase_id`: the clients report counts only their orders as due.
 */
export function payablePurchasesSource(): SQL {
  return sql`select ${purchases.id} as purchase_id from ${purchases} where ${inArray(purchases.status, [...payablePurchaseStatuses])}`;
}
