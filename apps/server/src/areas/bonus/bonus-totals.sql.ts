import { type SQL, sql } from 'drizzle-orm';
import { bonusAccounts } from './bonus.schema.js';

/** Every client's bonuses as a subquery for a report: `user_id, balance_kopecks, earned_kopecks`. */
export function bonusTotalsSource(): SQL {
  return sql`select ${bonusAccounts.userId} as user_id, ${bonusAccounts.balanceKopecks} as balance_kopecks,
    ${bonusAccounts.earnedKopecks} as earned_kopecks from ${bonusAccounts}`;
}
