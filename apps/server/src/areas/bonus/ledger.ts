import { formatMoney } from '@vmeste/contract';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { BonusEntryRow, NewBonusEntry } from './bonus.schema.js';
import { findEntriesBySource, insertEntry, lockAccounts } from './ledger.repository.js';

export type Posting = Omit<NewBonusEntry, 'id' | 'createdAt'> & {
  /**
   * For a debit the client did not choose (a reversal after a refund): take what the balance holds
   * and record the rest as written off, rather than refuse.
   */
  capAtBalance?: boolean;
  /** The refusal for a debit beyond the balance, in the caller's words. */
  insufficient?: (balanceKopecks: number) => string;
};

const defaultInsufficient = (balance: number) => `На бонусном счёте ${formatMoney(balance)}: списать больше нельзя`;

/**
 * The one way a client's bonuses change: under the account's lock, a ledger row and the balance
 * together. A debit never takes the balance below zero; a source already in the ledger is not
 * posted twice (answers undefined).
 */
export async function post(tx: Tx, posting: Posting): Promise<BonusEntryRow | undefined> {
  const { capAtBalance, insufficient, ...entry } = posting;
  const balance = (await lockAccounts(tx, [entry.userId])).get(entry.userId) ?? 0;
  if (entry.sourceKey && (await findEntriesBySource(tx, [entry.sourceKey])).size > 0) return undefined;
  let amount = entry.amountKopecks;
  // A credit may name what it leaves out (a refund's bonus part the client never paid); a debit's is computed.
  let writtenOff = amount > 0 ? (entry.writtenOffKopecks ?? 0) : 0;
  if (amount < 0 && -amount > balance) {
    if (!capAtBalance) throw new AppError('CONFLICT', (insufficient ?? defaultInsufficient)(balance), { field: 'amountKopecks' });
    writtenOff = -amount - balance;
    amount = -balance;
  }
  if (amount === 0 && writtenOff === 0) return undefined;
  return insertEntry(tx, { ...entry, amountKopecks: amount, writtenOffKopecks: writtenOff });
}
