import { bonusSpendLimitOf } from '@vmeste/contract';
import { useState } from 'react';
import { useMyBonus } from '../api/get-my-bonus';
import { kopecksOfRubles, type TypedRubles } from './typed-rubles';

export type BonusSpend = {
  /** The client has bonuses to offer (the field is shown). */
  isOffered: boolean;
  balanceKopecks: number;
  /** The most this sum may take: the balance and the programme's cap (bonusSpendLimitOf). */
  limitKopecks: number;
  spendCapPercent: number;
  isOn: boolean;
  setOn: (isOn: boolean) => void;
  /** The roubles field: what was typed while it fits the limit, otherwise the limit itself. */
  rubles: TypedRubles;
  setRubles: (value: TypedRubles) => void;
  /** What goes into the payment: 0 when off, never above the limit. */
  kopecks: number;
};

/**
 * The bonuses a client puts into a payment of `sumKopecks`. Off by default; switched on it takes the
 * most allowed, which follows the sum as orders are ticked, until the client types an amount; a
 * typed amount is cut to the limit whenever the sum shrinks.
 */
export function useBonusSpend(sumKopecks: number, { isEnabled }: { isEnabled: boolean }): BonusSpend {
  const bonus = useMyBonus({ isEnabled });
  const [isOn, setOn] = useState(false);
  const [typed, setTyped] = useState<TypedRubles | null>(null);
  const balanceKopecks = isEnabled ? (bonus.data?.balanceKopecks ?? 0) : 0;
  const spendCapPercent = bonus.data?.spendCapPercent ?? 0;
  const limitKopecks = bonusSpendLimitOf(sumKopecks, balanceKopecks, spendCapPercent);
  const isTypedInLimit = typed !== null && kopecksOfRubles(typed) <= limitKopecks;
  const kopecks = !isOn ? 0 : isTypedInLimit ? kopecksOfRubles(typed) : limitKopecks;
  return {
    isOffered: balanceKopecks > 0,
    balanceKopecks,
    limitKopecks,
    spendCapPercent,
    isOn,
    setOn: (next) => {
      setOn(next);
      setTyped(null);
    },
    rubles: isTypedInLimit ? typed : limitKopecks / 100,
    setRubles: setTyped,
    kopecks,
  };
}
