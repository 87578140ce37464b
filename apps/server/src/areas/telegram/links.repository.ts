import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { telegramLinkEvents, telegramLinks, type TelegramLinkRow, telegramLinkTokens } from './telegram.schema.js';

type LinkEvent = (typeof telegramLinkEvents.$inferInsert)['event'];

async function recordEvent(db: DbOrTx, userId: string, chatId: number, event: LinkEvent): Promise<void> {
  await db.insert(telegramLinkEvents).values({ userId, chatId, event });
}

/** A blocked chat let go stops counting as blocked too, so the chart's running sums stay true. */
async function recordUnlinked(db: DbOrTx, row: TelegramLinkRow): Promise<void> {
  if (row.isBlocked) await recordEvent(db, row.userId, row.chatId, 'unblocked');
  await recordEvent(db, row.userId, row.chatId, 'unlinked');
}

export async function findLinkByUser(db: DbOrTx, userId: string): Promise<TelegramLinkRow | undefined> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)).limit(1);
  return row;
}

export async function findLinkByPhone(db: DbOrTx, phone: string): Promise<TelegramLinkRow | undefined> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.phone, phone)).limit(1);
  return row;
}

export async function findLinkByChat(db: DbOrTx, chatId: number): Promise<TelegramLinkRow | undefined> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.chatId, chatId)).limit(1);
  return row;
}

/**
 * Links a chat to an account. One chat serves one account and an account has one chat: a chat linked
 * elsewhere before is moved here, and the account's earlier chat is let go.
 */
export async function linkChat(
  tx: DbOrTx,
  link: { userId: string; phone: string; chatId: number; accountTitle: string | null },
): Promise<void> {
  const removed = await tx
    .delete(telegramLinks)
    .where(or(eq(telegramLinks.chatId, link.chatId), eq(telegramLinks.userId, link.userId)))
    .returning();
  for (const row of removed) await recordUnlinked(tx, row);
  const own = removed.find((row) => row.userId === link.userId);
  await tx.insert(telegramLinks).values({ ...link, mutedKinds: own?.mutedKinds ?? [], isBlocked: false });
  await recordEvent(tx, link.userId, link.chatId, 'linked');
}

export async function unlinkUser(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning();
  if (row) await recordUnlinked(tx, row);
  return Boolean(row);
}

/** The person blocked the bot (Telegram answered 403, or said so in my_chat_member), or unblocked it. */
export async function setChatBlocked(tx: DbOrTx, chatId: number, isBlocked: boolean): Promise<boolean> {
  const [row] = await tx
    .update(telegramLinks)
    .set({ isBlocked })
    .where(and(eq(telegramLinks.chatId, chatId), eq(telegramLinks.isBlocked, !isBlocked)))
    .returning();
  if (row) await recordEvent(tx, row.userId, row.chatId, isBlocked ? 'blocked' : 'unblocked');
  return Boolean(row);
}

export async function setMutedKinds(db: DbOrTx, userId: string, mutedKinds: string[]): Promise<TelegramLinkRow | undefined> {
  const [row] = await db.update(telegramLinks).set({ mutedKinds }).where(eq(telegramLinks.userId, userId)).returning();
  return row;
}

export async function countSubscribers(db: DbOrTx): Promise<{ subscribers: number; blocked: number }> {
  const [row] = await db
    .select({
      subscribers: sql<number>`count(*) filter (where not ${telegramLinks.isBlocked})::int`,
      blocked: sql<number>`count(*) filter (where ${telegramLinks.isBlocked})::int`,
    })
    .from(telegramLinks);
  return { subscribers: row?.subscribers ?? 0, blocked: row?.blocked ?? 0 };
}

export async function insertLinkToken(db: DbOrTx, token: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.insert(telegramLinkTokens).values(token);
}

export async function countRecentLinkTokens(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(telegramLinkTokens)
    .where(and(eq(telegramLinkTokens.userId, userId), gt(telegramLinkTokens.createdAt, since)));
  return row?.n ?? 0;
}

/** Spends a token: answers its account only for the first use within its lifetime. */
export async function useLinkToken(tx: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await tx
    .update(telegramLinkTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(telegramLinkTokens.tokenHash, tokenHash), isNull(telegramLinkTokens.usedAt), gt(telegramLinkTokens.expiresAt, sql`now()`)),
    )
    .returning({ userId: telegramLinkTokens.userId });
  return row?.userId ?? null;
}
