import { lazy, Suspense } from 'react';
import type { BonusSpend } from './use-bonus-spend';

// The field's number input (Mantine's NumberInput with its number formatting, about 8 KiB gzip) loads
// only for a client who has bonuses to spend, not with every order page a guest opens (decision 037).
const BonusSpendField = lazy(() => import('./bonus-spend-field').then((module) => ({ default: module.BonusSpendField })));

/** «Списать бонусы» at checkout, shown when this payment may take some of the client's bonuses. */
export function BonusSpendOffer({ spend, error }: { spend: BonusSpend; error?: string | undefined }) {
  if (!spend.isOffered) return null;
  return (
    <Suspense fallback={null}>
      <BonusSpendField spend={spend} error={error} />
    </Suspense>
  );
}
