import { type MoneyDifference, paymentDifferenceTitles } from '@vmeste/contract';
import type { DbOrTx } from '../../db/client.js';
import { providerDifferences } from '../payments/index.js';

/**
 * Where the shop and the payment provider disagree, as the payments area's reconcile job has found
 * it (docs/decisions/024): a refund the provider only knows, a refund it refused or has not confirmed,
 * an online payment waiting past its window. The sums: what the provider holds against what the shop
 * wrote down, where the two can be told apart.
 */
export async function providerChecks(db: DbOrTx): Promise<MoneyDifference[]> {
  return (await providerDifferences(db)).map((d) => ({
    kind: 'provider',
    object: `Платёж №${d.paymentNumber}`,
    // Only the provider has this refund; the others are the shop's own records the provider has not settled.
    expectedKopecks: d.type === 'refund_unknown' ? d.amountKopecks : null,
    actualKopecks: d.type === 'refund_unknown' ? 0 : d.amountKopecks,
    description: `${paymentDifferenceTitles[d.type]}${d.providerRefundId ? ` (${d.providerRefundId})` : ''}. ${d.description}`,
  }));
}
