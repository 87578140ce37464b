import { desc, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bonusSettings, type BonusSettingsRow } from './bonus.schema.js';

export type BonusRules = Pick<
  BonusSettingsRow,
  'defaultBasisPoints' | 'referralBasisPoints' | 'spendCapBasisPoints' | 'creditOn' | 'expiryDays'
> & { since: Date | null; actorName: string | null };

/**
 * What the shop starts with before an admin saves anything: 3 % cashback, 1 % for a friend, bonuses
 * cover up to 30 %. In force since the shop opened (`since` null), the first entry of the history.
 */
export const DEFAULT_BONUS_RULES: BonusRules = {
  defaultBasisPoints: 300,
  referralBasisPoints: 100,
  spendCapBasisPoints: 3000,
  creditOn: 'delivery',
  expiryDays: null,
  since: null,
  actorName: null,
};

const toRules = (row: BonusSettingsRow): BonusRules => ({ ...row, since: row.createdAt });

export async function findCurrentRules(db: DbOrTx): Promise<BonusRules> {
  const [row] = await db.select().from(bonusSettings).orderBy(desc(bonusSettings.createdAt), desc(bonusSettings.id)).limit(1);
  return row ? toRules(row) : DEFAULT_BONUS_RULES;
}

/** The version in force at a moment: an order paid then follows it, whatever was saved later. */
export async function findRulesAt(db: DbOrTx, at: Date): Promise<BonusRules> {
  const [row] = await db
    .select()
    .from(bonusSettings)
    .where(lte(bonusSettings.createdAt, at))
    .orderBy(desc(bonusSettings.createdAt), desc(bonusSettings.id))
    .limit(1);
  // Paid before the first saved version: the defaults were in force then.
  return row ? toRules(row) : DEFAULT_BONUS_RULES;
}

/** Newest first, ending with the defaults the shop opened with (when the list reaches back that far). */
export async function listRulesHistory(db: DbOrTx, limit = 50): Promise<BonusRules[]> {
  const rows = await db.select().from(bonusSettings).orderBy(desc(bonusSettings.createdAt), desc(bonusSettings.id)).limit(limit);
  return rows.length < limit ? [...rows.map(toRules), DEFAULT_BONUS_RULES] : rows.map(toRules);
}

export async function insertRules(db: DbOrTx, values: typeof bonusSettings.$inferInsert): Promise<void> {
  await db.insert(bonusSettings).values(values);
}
