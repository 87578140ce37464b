import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type CardRow, cards } from './cards.schema.js';

export type NewCard = typeof cards.$inferInsert;

export async function listLiveCards(db: DbOrTx): Promise<CardRow[]> {
  return db.select().from(cards).where(isNull(cards.deletedAt)).orderBy(desc(cards.isActive), desc(cards.createdAt));
}

/**
 * `update` is taken by the card's own withdrawal (deactivation, deletion); `share` by whoever binds
 * the card to something, so a binding and a withdrawal wait for each other instead of both passing.
 */
export type CardLock = 'update' | 'share';

export async function findLiveCardById(db: DbOrTx, id: string, lock?: CardLock): Promise<CardRow | undefined> {
  const query = db
    .select()
    .from(cards)
    .where(and(eq(cards.id, id), isNull(cards.deletedAt)))
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function insertCard(db: DbOrTx, values: NewCard): Promise<CardRow> {
  const [row] = await db.insert(cards).values(values).returning();
  return row!;
}

export async function updateCard(db: DbOrTx, id: string, values: Partial<NewCard>): Promise<CardRow | undefined> {
  const [row] = await db
    .update(cards)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(cards.id, id), isNull(cards.deletedAt)))
    .returning();
  return row;
}
