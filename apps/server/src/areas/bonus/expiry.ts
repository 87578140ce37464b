import { BONUS_EXPIRY_WARNING_DAYS, formatMoney } from '@vmeste/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AccountsArea } from '../accounts/index.js';
import type { Messenger } from '../messaging/index.js';
import { bonusExpiryWarnings } from './bonus.schema.js';
import { post } from './ledger.js';
import { findCreditsAndDebits, findHoldersOfCreditsBefore, lockAccounts } from './ledger.repository.js';
import { findCurrentRules } from './settings.repository.js';

const DAY_MS = 24 * 3600 * 1000;
const moscowDay = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' });
const isoMoscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });

export type Lot = { at: Date; amount: number };

/**
 * What is left of each credit once the debits have used them up oldest first (first in, first
 * out): the bonuses that expire first are the oldest ones not yet spent.
 */
export function remainingLots(credits: Lot[], debits: number): Lot[] {
  let used = debits;
  const lots: Lot[] = [];
  for (const credit of credits) {
    const taken = Math.min(used, credit.amount);
    used -= taken;
    if (credit.amount > taken) lots.push({ at: credit.at, amount: credit.amount - taken });
  }
  return lots;
}

/** The bonuses that expire soonest (everything credited on that first day) and when. */
export function soonestExpiry(lots: Lot[], expiryDays: number): { amountKopecks: number; at: Date } | null {
  const first = lots[0];
  if (!first) return null;
  const day = isoMoscowDay.format(first.at);
  const amount = lots.filter((l) => isoMoscowDay.format(l.at) === day).reduce((sum, l) => sum + l.amount, 0);
  return { amountKopecks: amount, at: new Date(first.at.getTime() + expiryDays * DAY_MS) };
}

/**
 * Bonuses older than the settings' lifetime expire first in, first out, by a background job; a
 * week before, the client is told once. Each client is recomputed under the account's lock, so a
 * second run — or a second instance — finds nothing more to expire.
 */
export function createExpiry({ db, accounts, messenger }: { db: Db; accounts: AccountsArea; messenger: Messenger }) {
  async function expiringOf(dbOrTx: DbOrTx, userId: string, expiryDays: number | null) {
    if (!expiryDays) return null;
    const { credits, debits } = await findCreditsAndDebits(dbOrTx, userId);
    return soonestExpiry(remainingLots(credits, debits), expiryDays);
  }

  async function expire(now = new Date()): Promise<number> {
    const { expiryDays } = await findCurrentRules(db);
    if (!expiryDays) return 0;
    const cutoff = new Date(now.getTime() - expiryDays * DAY_MS);
    let expired = 0;
    for (const userId of await findHoldersOfCreditsBefore(db, cutoff)) {
      await db.transaction(async (tx) => {
        await lockAccounts(tx, [userId]);
        const { credits, debits } = await findCreditsAndDebits(tx, userId);
        const old = remainingLots(credits, debits).filter((l) => l.at < cutoff);
        const amount = old.reduce((sum, l) => sum + l.amount, 0);
        if (amount === 0) return;
        await post(tx, {
          userId,
          kind: 'expiry',
          amountKopecks: -amount,
          capAtBalance: true,
          description: `Сгорели бонусы, начисленные до ${moscowDay.format(cutoff)}`,
        });
        expired += 1;
      });
    }
    return expired;
  }

  async function warn(now = new Date()): Promise<number> {
    const { expiryDays } = await findCurrentRules(db);
    if (!expiryDays) return 0;
    const horizon = new Date(now.getTime() + BONUS_EXPIRY_WARNING_DAYS * DAY_MS);
    const cutoff = new Date(horizon.getTime() - expiryDays * DAY_MS);
    let warned = 0;
    for (const userId of await findHoldersOfCreditsBefore(db, cutoff)) {
      const { credits, debits } = await findCreditsAndDebits(db, userId);
      const soon = remainingLots(credits, debits).filter((l) => l.at < cutoff);
      const first = soon[0];
      if (!first) continue;
      const at = new Date(first.at.getTime() + expiryDays * DAY_MS);
      const amount = soon.reduce((sum, l) => sum + l.amount, 0);
      // The warning's row and its message commit together: told once, and never marked told without a message.
      const isWarned = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(bonusExpiryWarnings)
          .values({ userId, expiresOn: isoMoscowDay.format(at), amountKopecks: amount })
          .onConflictDoNothing()
          .returning();
        if (!inserted) return false;
        const account = (await accounts.findAccounts(tx, [userId])).get(userId);
        if (!account) return false;
        await messenger.notify(tx, {
          phone: account.phone,
          kind: 'bonus_expiring',
          text: `Вместе: ${formatMoney(amount)} бонусов сгорят ${moscowDay.format(at)}. Оплатите ими заказ до этого дня.`,
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
