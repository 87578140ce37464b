import { BONUS_EXPIRY_WARNING_DAYS, formatMoney, formatMoscowDate } from '@vmeste/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { moscowDayOf } from '../../shared/moscow-calendar.js';
import type { AccountsArea } from '../accounts/index.js';
import type { Messenger } from '../messaging/index.js';
import { bonusExpiryWarnings } from './bonus.schema.js';
import { post } from './ledger.js';
import { findHoldersOfCreditsEndingBefore, findLedgerMoves, type LedgerMove, lockAccounts } from './ledger.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/** What is left of one credit: `endsAt` null — it never expires. */
export type Lot = { at: Date; amount: number; endsAt: Date | null };

/** Soonest end first, lots that never expire last; the older credit first among equals. */
const bySoonestEnd = (a: Lot, b: Lot) =>
  (a.endsAt?.getTime() ?? Infinity) - (b.endsAt?.getTime() ?? Infinity) || a.at.getTime() - b.at.getTime();

/**
 * What is left of each credit, replaying the ledger in time order: each debit uses up the credits
 * existing then whose lifetime ends soonest (under one lifetime, the oldest first), and a debit beyond
 * them (a debt, decision 023) is paid by the next credits. An expiry row so uses up exactly the
 * credits it expired. Each credit keeps the lifetime in force when it was credited.
 */
export function remainingLots(moves: LedgerMove[]): Lot[] {
  let lots: Lot[] = [];
  let debt = 0;
  for (const move of moves) {
    if (move.amount > 0) {
      const paysDebt = Math.min(debt, move.amount);
      debt -= paysDebt;
      const endsAt = move.lifetimeDays === null ? null : new Date(move.at.getTime() + move.lifetimeDays * DAY_MS);
      if (move.amount > paysDebt) lots.push({ at: move.at, amount: move.amount - paysDebt, endsAt });
      continue;
    }
    let left = -move.amount;
    for (const lot of [...lots].sort(bySoonestEnd)) {
      const taken = Math.min(left, lot.amount);
      lot.amount -= taken;
      left -= taken;
      if (left === 0) break;
    }
    debt += left;
    lots = lots.filter((l) => l.amount > 0);
  }
  return lots.sort(bySoonestEnd);
}

/** The lots whose lifetime ends before `moment`. */
const endingBefore = (lots: Lot[], moment: Date) => lots.filter((l) => l.endsAt !== null && l.endsAt < moment);

/** The bonuses that expire soonest (everything ending on that first Moscow day) and when. */
export function soonestExpiry(lots: Lot[]): { amountKopecks: number; at: Date } | null {
  const first = lots.find((l) => l.endsAt !== null);
  if (!first) return null;
  const day = moscowDayOf(first.endsAt!);
  const amount = lots.filter((l) => l.endsAt && moscowDayOf(l.endsAt) === day).reduce((sum, l) => sum + l.amount, 0);
  return { amountKopecks: amount, at: first.endsAt! };
}

/** «01.02.2026» or «01.02.2026–05.02.2026»: the days the expired bonuses were credited. */
function creditDays(lots: Lot[]): string {
  const times = lots.map((l) => l.at.getTime());
  const [first, last] = [formatMoscowDate(new Date(Math.min(...times))), formatMoscowDate(new Date(Math.max(...times)))];
  return first === last ? first : `${first}–${last}`;
}

/**
 * Bonuses whose lifetime ended expire by a background job; a week before, the client is told once.
 * Each credit lives as long as the settings in force when it was credited said (none: for ever), so
 * turning expiry on never reaches back to what was credited before. Each client is recomputed under
 * the account's lock, so a second run — or a second instance — finds nothing more to expire.
 */
export function createExpiry({ db, accounts, messenger }: { db: Db; accounts: AccountsArea; messenger: Messenger }) {
  async function expiringOf(dbOrTx: DbOrTx, userId: string) {
    return soonestExpiry(remainingLots(await findLedgerMoves(dbOrTx, userId)));
  }

  async function expire(now = new Date()): Promise<number> {
    let expired = 0;
    for (const userId of await findHoldersOfCreditsEndingBefore(db, now)) {
      await db.transaction(async (tx) => {
        await lockAccounts(tx, [userId]);
        const ended = endingBefore(remainingLots(await findLedgerMoves(tx, userId)), now);
        const amount = ended.reduce((sum, l) => sum + l.amount, 0);
        if (amount === 0) return;
        await post(tx, {
          userId,
          kind: 'expiry',
          amountKopecks: -amount,
          capAtBalance: true,
          description: `Сгорели бонусы, начисленные ${creditDays(ended)}: срок их жизни истёк`,
        });
        expired += 1;
      });
    }
    return expired;
  }

  async function warn(now = new Date()): Promise<number> {
    const horizon = new Date(now.getTime() + BONUS_EXPIRY_WARNING_DAYS * DAY_MS);
    let warned = 0;
    for (const userId of await findHoldersOfCreditsEndingBefore(db, horizon)) {
      // What already ended is the expiry's, not a warning dated in the past.
      const soon = endingBefore(remainingLots(await findLedgerMoves(db, userId)), horizon).filter((l) => l.endsAt! >= now);
      const first = soon[0];
      if (!first) continue;
      const at = first.endsAt!;
      const amount = soon.reduce((sum, l) => sum + l.amount, 0);
      // The warning's row and its message commit together: told once, and never marked told without a message.
      const isWarned = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(bonusExpiryWarnings)
          .values({ userId, expiresOn: moscowDayOf(at), amountKopecks: amount })
          .onConflictDoNothing()
          .returning();
        if (!inserted) return false;
        const account = (await accounts.findAccounts(tx, [userId])).get(userId);
        if (!account) return false;
        await messenger.notify(tx, {
          phone: account.phone,
          kind: 'bonus_expiring',
          text: `Вместе: ${formatMoney(amount)} бонусов сгорят ${formatMoscowDate(at)}. Оплатите ими заказ до этого дня.`,
          secret: '',
        });
        return true;
      });
      if (isWarned) warned += 1;
    }
    return warned;
  }

  return { expiringOf, expire, warn };
}

export type Expiry = ReturnType<typeof createExpiry>;
