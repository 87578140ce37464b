import {
  basisPointsToPercent,
  type BonusClient,
  type BonusLedgerCheck,
  type BonusSettings,
  type BonusSettingsBody,
  type BonusSettingsPage,
  type CashbackPurchase,
  type CustomRate,
  formatMoney,
  isPhoneSearchText,
  type MyBonus,
  percentToBasisPoints,
  phoneSearchDigits,
} from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import type { AccountsArea } from '../accounts/index.js';
import type { PurchaseRow, PurchasesArea } from '../purchases/index.js';
import { findCustomRates, listCustomRates, saveCustomRate } from './custom-rates.repository.js';
import { toEntryView } from './entry-view.js';
import type { Expiry } from './expiry.js';
import { post } from './ledger.js';
import { compareBalancesWithLedger, findBalance, listEntries, sumReferralEarnings } from './ledger.repository.js';
import { type BonusRules, findCurrentRules, insertRules, listRulesHistory } from './settings.repository.js';

const CLIENT_NOT_FOUND = 'Клиент с таким телефоном не найден';

function toSettingsView(rules: BonusRules): BonusSettings {
  return {
    defaultPercent: basisPointsToPercent(rules.defaultBasisPoints),
    referralPercent: basisPointsToPercent(rules.referralBasisPoints),
    spendCapPercent: basisPointsToPercent(rules.spendCapBasisPoints),
    creditOn: rules.creditOn,
    expiryDays: rules.expiryDays,
    since: rules.since?.toISOString() ?? null,
    changedBy: rules.actorName,
  };
}

function toPurchaseView(row: PurchaseRow): CashbackPurchase {
  return {
    id: row.id,
    title: row.title,
    supplier: row.supplier,
    status: row.status,
    isCashbackExcluded: row.isCashbackExcluded,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The client's bonus page and the admin's settings, exceptions, manual accrual and ledger check. */
export function createBonusService({
  db,
  accounts,
  purchases,
  expiry,
}: {
  db: Db;
  accounts: AccountsArea;
  purchases: PurchasesArea;
  expiry: Expiry;
}) {
  async function findClient(phone: string) {
    const client = (await accounts.findClientsByPhones(db, [phone])).get(phone);
    if (!client) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND, { field: 'phone' });
    return client;
  }

  async function settingsPage(): Promise<BonusSettingsPage> {
    const [current, history] = await Promise.all([findCurrentRules(db), listRulesHistory(db)]);
    return { current: toSettingsView(current), history: history.map(toSettingsView) };
  }

  return {
    async my(user: { id: string; referralCode: string }): Promise<MyBonus> {
      const [rules, balance, custom, friends, earned] = await Promise.all([
        findCurrentRules(db),
        findBalance(db, user.id),
        findCustomRates(db, [user.id]),
        accounts.findReferredAccounts(db, user.id),
        sumReferralEarnings(db, user.id),
      ]);
      const expiring = balance > 0 ? await expiry.expiringOf(db, user.id) : null;
      const customBasisPoints = custom.get(user.id);
      return {
        balanceKopecks: balance,
        expiring: expiring ? { amountKopecks: expiring.amountKopecks, at: expiring.at.toISOString() } : null,
        cashbackPercent: basisPointsToPercent(customBasisPoints ?? rules.defaultBasisPoints),
        isCustomPercent: customBasisPoints !== undefined,
        creditOn: rules.creditOn,
        spendCapPercent: basisPointsToPercent(rules.spendCapBasisPoints),
        referral: {
          code: user.referralCode,
          referralPercent: basisPointsToPercent(rules.referralBasisPoints),
          friendsCount: friends.length,
          earnedKopecks: earned,
        },
      };
    },

    async history(userId: string, page: number, pageSize: number) {
      const { rows, total } = await listEntries(db, userId, pageSize, (page - 1) * pageSize);
      return { items: rows.map(toEntryView), total };
    },

    async customPercentOf(userId: string): Promise<{ percent: number | null }> {
      const basisPoints = (await findCustomRates(db, [userId])).get(userId);
      return { percent: basisPoints === undefined ? null : basisPointsToPercent(basisPoints) };
    },

    settingsPage,

    async updateSettings(body: BonusSettingsBody, actor: Actor): Promise<BonusSettingsPage> {
      await insertRules(db, {
        defaultBasisPoints: percentToBasisPoints(body.defaultPercent),
        referralBasisPoints: percentToBasisPoints(body.referralPercent),
        spendCapBasisPoints: percentToBasisPoints(body.spendCapPercent),
        creditOn: body.creditOn,
        expiryDays: body.expiryDays,
        actorId: actor?.id ?? null,
        actorName: actor?.name ?? null,
      });
      return settingsPage();
    },

    async purchases(query: { q?: string | undefined; onlyExcluded?: boolean | undefined; page: number; pageSize: number }) {
      const { rows, total } = await purchases.listPurchases(db, {
        search: query.q || undefined,
        isCashbackExcluded: query.onlyExcluded ? true : undefined,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toPurchaseView), total };
    },

    async setPurchaseExcluded(id: string, isExcluded: boolean): Promise<CashbackPurchase> {
      const updated = await purchases.setCashbackExcluded(id, isExcluded);
      if (!updated) throw new AppError('NOT_FOUND', 'Закупка не найдена');
      return toPurchaseView(updated);
    },

    async customRates(q: string | undefined): Promise<CustomRate[]> {
      const rates = await listCustomRates(db);
      const owners = await accounts.findAccounts(
        db,
        rates.map((r) => r.userId),
      );
      const needle = q?.toLowerCase().trim() ?? '';
      // A phone by any part typed in any form; a name by its words in any order.
      const digits = isPhoneSearchText(needle) ? phoneSearchDigits(needle) : '';
      const words = needle.split(/\s+/);
      return rates.flatMap((rate) => {
        const owner = owners.get(rate.userId);
        if (!owner) return [];
        const name = `${owner.surname} ${owner.name}`.trim();
        const matches = !needle || (digits ? owner.phone.includes(digits) : words.every((word) => name.toLowerCase().includes(word)));
        return matches
          ? [
              {
                userId: owner.id,
                phone: owner.phone,
                name,
                percent: basisPointsToPercent(rate.basisPoints),
                updatedAt: rate.updatedAt.toISOString(),
              },
            ]
          : [];
      });
    },

    async setCustomPercent(phone: string, percent: number | null): Promise<{ phone: string; percent: number | null }> {
      const client = await findClient(phone);
      await saveCustomRate(db, client.id, percent === null ? null : percentToBasisPoints(percent));
      return { phone, percent };
    },

    async client(phone: string): Promise<BonusClient> {
      const client = await findClient(phone);
      const [balance, custom, recent] = await Promise.all([
        findBalance(db, client.id),
        findCustomRates(db, [client.id]),
        listEntries(db, client.id, 10, 0),
      ]);
      const basisPoints = custom.get(client.id);
      return {
        userId: client.id,
        phone,
        name: `${client.surname} ${client.firstName}`.trim(),
        balanceKopecks: balance,
        customPercent: basisPoints === undefined ? null : basisPointsToPercent(basisPoints),
        recent: recent.rows.map(toEntryView),
      };
    },

    async manual(body: { phone: string; amountKopecks: number; comment: string }, actor: Actor) {
      const client = await findClient(body.phone);
      const entry = await db.transaction((tx) =>
        post(tx, {
          userId: client.id,
          kind: 'manual',
          amountKopecks: body.amountKopecks,
          description: body.amountKopecks > 0 ? 'Начислено вручную' : 'Списано вручную',
          comment: body.comment,
          actorId: actor?.id ?? null,
          actorName: actor?.name ?? null,
          insufficient: (balance) =>
            `На бонусном счёте клиента ${formatMoney(balance)}: списать ${formatMoney(-body.amountKopecks)} нельзя`,
        }),
      );
      return toEntryView(entry!);
    },

    async ledgerCheck(): Promise<BonusLedgerCheck> {
      const result = await compareBalancesWithLedger(db);
      const owners = await accounts.findAccounts(
        db,
        result.differences.map((d) => d.userId),
      );
      return {
        checkedAccounts: result.accounts,
        ledgerRows: result.ledgerRows,
        differences: result.differences.map((d) => ({ ...d, phone: owners.get(d.userId)?.phone ?? '' })),
      };
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
