import { type MoneyAudit, type MoneyDifference, moneyDifferenceKinds } from '@vmeste/contract';
import type { Db, DbOrTx } from '../../db/client.js';

/** One area's checks, run inside the audit's snapshot. */
export type AuditChecks = (db: DbOrTx) => Promise<MoneyDifference[]>;

/**
 * The money audit (docs/decisions/029): every area's checks of its own sums, in one read-only
 * transaction at REPEATABLE READ, so payments, orders and the ledger are read as of one moment and a
 * payment settling meanwhile is no difference. Differences come grouped by kind, in the order of
 * the contract's list.
 */
export function createMoneyAudit({ db, checks }: { db: Db; checks: AuditChecks[] }) {
  return async function moneyAudit(): Promise<MoneyAudit> {
    const checkedAt = new Date();
    const differences = await db.transaction(
      async (tx) => {
        const found: MoneyDifference[] = [];
        // One connection: the checks run one after another.
        for (const check of checks) found.push(...(await check(tx)));
        return found;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const order = (d: MoneyDifference) => moneyDifferenceKinds.indexOf(d.kind);
    // Stable: within a kind, each check's own order (by number) stays.
    differences.sort((a, b) => order(a) - order(b));
    return { checkedAt: checkedAt.toISOString(), differences };
  };
}

export type MoneyAuditRun = ReturnType<typeof createMoneyAudit>;
