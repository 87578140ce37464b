import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { readWaiting, type Waiting } from '../../shared/waiting.js';
import { telegramChatPace, telegramMessages, type TelegramMessageRow, telegramRuns } from './telegram.schema.js';

export type NewTelegramMessage = typeof telegramMessages.$inferInsert;

/**
 * Seconds between two messages to one chat: Telegram allows 1 a second to a person, 20 a minute to a
 * group or channel, counted by arrival — a tenth more keeps network jitter from making it a 429.
 */
export function chatGapSeconds(chatId: string): number {
  return chatId.startsWith('@') || chatId.startsWith('-') ? 3.1 : 1.1;
}

export async function enqueueMessages(db: DbOrTx, rows: NewTelegramMessage[]): Promise<number> {
  if (rows.length === 0) return 0;
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = await db
      .insert(telegramMessages)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing()
      .returning({ id: telegramMessages.id });
    inserted += batch.length;
  }
  return inserted;
}

/**
 * Claims up to `limit` messages for this instance, at most one per chat and only for chats whose pace
 * allows a message now. Runs in one transaction: the pending rows are locked (others skip them), each
 * chat's next slot is taken by a conditional upsert (a second instance waiting on it finds the slot
 * gone), and the claimed rows become `sending` with a lease before any request goes out.
 */
export async function claimMessages(
  tx: DbOrTx,
  { limit, leaseSeconds, instanceId }: { limit: number; leaseSeconds: number; instanceId: string },
): Promise<TelegramMessageRow[]> {
  const candidates = await tx
    .select({ id: telegramMessages.id, chatId: telegramMessages.chatId })
    .from(telegramMessages)
    .where(
      and(
        eq(telegramMessages.status, 'pending'),
        lte(telegramMessages.notBefore, sql`now()`),
        // A chat still waiting for its slot does not hold up everyone queued behind its messages.
        sql`not exists (select 1 from ${telegramChatPace} p where p.chat_id = ${telegramMessages.chatId} and p.next_at > now())`,
      ),
    )
    .orderBy(asc(telegramMessages.priority), asc(telegramMessages.id))
    .limit(limit * 4)
    .for('update', { skipLocked: true });
  const firstPerChat = new Map<string, number>();
  for (const candidate of candidates) if (!firstPerChat.has(candidate.chatId)) firstPerChat.set(candidate.chatId, candidate.id);
  const chats = [...firstPerChat.keys()].slice(0, limit);
  if (chats.length === 0) return [];
  const paced = await tx
    .insert(telegramChatPace)
    .values(chats.map((chatId) => ({ chatId, nextAt: sql`now() + make_interval(secs => ${chatGapSeconds(chatId)})` })))
    .onConflictDoUpdate({
      target: telegramChatPace.chatId,
      set: { nextAt: sql`excluded.next_at` },
      setWhere: sql`${telegramChatPace.nextAt} <= now()`,
    })
    .returning({ chatId: telegramChatPace.chatId });
  const ids = paced.map((row) => firstPerChat.get(row.chatId)!);
  if (ids.length === 0) return [];
  return tx
    .update(telegramMessages)
    .set({
      status: 'sending',
      claimedBy: instanceId,
      claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${telegramMessages.attempts} + 1`,
    })
    .where(inArray(telegramMessages.id, ids))
    .returning();
}

export async function markSent(db: DbOrTx, message: TelegramMessageRow, telegramMessageId: number): Promise<void> {
  await db
    .update(telegramMessages)
    .set({
      status: 'sent',
      telegramMessageId,
      finishedAt: sql`now()`,
      claimedUntil: null,
      // The code or link is spent once it reached the person: the stored copy keeps no secret.
      html: message.secret ? message.html.replaceAll(message.secret, '•••') : message.html,
      secret: null,
      error: null,
    })
    .where(and(eq(telegramMessages.id, message.id), eq(telegramMessages.status, 'sending')));
}

export async function markFinal(db: DbOrTx, messageId: number, status: 'blocked' | 'failed' | 'unconfirmed', error: string): Promise<void> {
  await db
    .update(telegramMessages)
    .set({ status, error, finishedAt: sql`now()`, claimedUntil: null, secret: null })
    .where(and(eq(telegramMessages.id, messageId), eq(telegramMessages.status, 'sending')));
}

/** Back to the queue, not before `delaySeconds`; the chat waits as long (Telegram asked it to). */
export async function markRetry(db: DbOrTx, message: TelegramMessageRow, delaySeconds: number, error: string): Promise<void> {
  await db
    .update(telegramMessages)
    .set({ status: 'pending', error, claimedUntil: null, notBefore: sql`now() + make_interval(secs => ${delaySeconds})` })
    .where(and(eq(telegramMessages.id, message.id), eq(telegramMessages.status, 'sending')));
  await db
    .update(telegramChatPace)
    .set({ nextAt: sql`greatest(${telegramChatPace.nextAt}, now() + make_interval(secs => ${delaySeconds}))` })
    .where(eq(telegramChatPace.chatId, message.chatId));
}

/**
 * Messages whose instance stopped between claiming and recording the answer. Telegram has no way to
 * ask whether a message went out, and sending again could send it twice, so they are not sent again:
 * they are counted as unconfirmed (docs/decisions/020).
 */
export async function expireLeases(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(telegramMessages)
    .set({
      status: 'unconfirmed',
      finishedAt: sql`now()`,
      secret: null,
      error: 'Отправка прервана остановкой сервера: неизвестно, дошло ли сообщение',
    })
    .where(and(eq(telegramMessages.status, 'sending'), lte(telegramMessages.claimedUntil, sql`now()`)))
    .returning({ id: telegramMessages.id });
  return rows.length;
}

/** Runs with nothing left to send are finished. */
export async function finishRuns(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update ${telegramRuns} r set finished_at = coalesce(
      (select max(m.finished_at) from telegram_messages m where m.run_id = r.id), now())
    where r.finished_at is null
      and not exists (select 1 from telegram_messages m where m.run_id = r.id and m.status in ('pending', 'sending'))`);
}

export async function countWaiting(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(telegramMessages)
    .where(inArray(telegramMessages.status, ['pending', 'sending']));
  return row?.n ?? 0;
}

/** Telegram messages not yet sent, for monitoring. */
export function telegramWaiting(db: DbOrTx): Promise<Waiting[]> {
  return readWaiting(
    db,
    sql`select 'telegram_pending' as what, count(*) as count, extract(epoch from now() - min(created_at))::float8 as oldest
          from telegram_messages where status in ('pending', 'sending')`,
  );
}
