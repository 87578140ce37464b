import { formatMoney } from '@vmeste/contract';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { BonusEntryRow, NewBonusEntry } from './bonus.schema.js';
import { findEntriesBySource, insertEntry, lockAccounts } from './ledger.repository.js';

export type Posting = Omit<NewBonusEntry, 'id' | 'createdAt'> & {
  /**
   * For a debit the client did not choose and that takes back no earned bonus (expiry): take what the
   * balance holds and record the rest as written off.
   */
  capAtBalance?: boolean;
  /**
   * For a refund's reversal of the cashback it earned: taken in full even beyond the balance, which
   * then shows a debt that later credits pay first (docs/decisions/023). Nothing else may go below zero.
   */
  mayMakeDebt?: boolean;
  /** The refusal for a debit beyond the balance, in the caller's words. */
  insufficient?: (balanceKopecks: number) => string;
};

const defaultInsufficient = (balance: number) => `На бонусном счёте ${formatMoney(balance)}: списать больше нельзя`;

/** A debit refused while the client owes bonuses: the debt is named, not a «balance» below zero. */
const debtRefusal = (balance: number) => `Долг по бонусам ${formatMoney(-balance)}: списать бонусы нельзя, пока он не погашен`;

/**
 * The one way a client's bonuses change: under the account's lock, a ledger row and the balance
 * together. Only a reversal that may make a debt takes the balance below zero; every other debit
 * stops at it. A source already in the ledger is not posted twice (answers undefined).
 */
export async function post(tx: Tx, posting: Posting): Promise<BonusEntryRow | undefined> {
  const { capAtBalance, mayMakeDebt, insufficient, ...entry } = posting;
  const balance = (await lockAccounts(tx, [entry.userId])).get(entry.userId) ?? 0;
  if (entry.sourceKey && (await findEntriesBySource(tx, [entry.sourceKey])).size > 0) return undefined;
  let amount = entry.amountKopecks;
  // A credit may name what it leaves out (a refund's bonus part the client never paid); a debit's is computed.
  let writtenOff = amount > 0 ? (entry.writtenOffKopecks ?? 0) : 0;
  const available = Math.max(0, balance);
  if (amount < 0 && -amount > available && !mayMakeDebt) {
    if (!capAtBalance) {
      const message = balance < 0 ? debtRefusal(balance) : (insufficient ?? defaultInsufficient)(balance);
      throw new AppError('CONFLICT', message, { field: 'amountKopecks' });
    }
    writtenOff = -amount - available;
    amount = -available;
  }
  if (amount === 0 && writtenOff === 0) return undefined;
  return insertEntry(tx, { ...entry, amountKopecks: amount, writtenOffKopecks: writtenOff });
}
