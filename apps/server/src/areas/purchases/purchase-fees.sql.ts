import { type SQL, sql } from 'drizzle-orm';
import { purchases } from './purchases.schema.js';

/** Every purchase's organizer fee, as a subquery `purchase_id, fee_basis_points` for the money audit. */
export function purchaseFeesSource(): SQL {
  return sql`select ${purchases.id} as purchase_id, ${purchases.organizerFeeBasisPoints} as fee_basis_points from ${purchases}`;
}
