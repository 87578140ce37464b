import type { MessageKind } from '@vmeste/contract';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { readWaiting, type Waiting } from '../../shared/waiting.js';
import { outboxMessages, type OutboxMessageRow } from './messaging.schema.js';

export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

/**
 * The row's time is the statement's, not its transaction's: two rows of one transaction keep their
 * order. A queued message is due `delaySeconds` after its transaction began.
 */
export async function insertOutboxMessage(db: DbOrTx, values: NewOutboxMessage, { delaySeconds = 0 } = {}): Promise<string> {
  const [row] = await db
    .insert(outboxMessages)
    .values({ createdAt: sql`clock_timestamp()`, nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`, ...values })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

export async function findLastOutboxMessage(db: DbOrTx, phone: string, kind?: MessageKind) {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(kind ? and(eq(outboxMessages.phone, phone), eq(outboxMessages.kind, kind)) : eq(outboxMessages.phone, phone))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return row;
}

/**
 * Queued messages due now (or the given ones, due or not), locked for the caller's transaction;
 * another instance's claim skips them, and a message still uncommitted by its writer is not seen at all.
 */
export async function claimQueuedMessages(tx: DbOrTx, { limit, ids }: { limit: number; ids?: string[] }): Promise<OutboxMessageRow[]> {
  return tx
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'queued'), ids ? inArray(outboxMessages.id, ids) : lte(outboxMessages.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The stored copy without the secret: `replace` of an empty secret would be a no-op anyway, null keeps the text. */
const maskedText = sql`case when ${outboxMessages.secret} <> '' then replace(${outboxMessages.text}, ${outboxMessages.secret}, '•••') else ${outboxMessages.text} end`;

/** A delivered (or refused) message: the final state, the secret dropped and, where asked, masked in the text. */
export async function finishOutboxMessage(
  db: DbOrTx,
  id: string,
  values: {
    channel: 'outbox' | 'sms' | 'telegram';
    status: 'logged' | 'sent' | 'failed' | 'muted';
    maskSecret: boolean;
    providerMessageId?: string;
    error?: string | null;
  },
  /** Only a message in this state is changed: a claim ended by someone else stays as they left it. */
  from: 'queued' | 'sending',
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      channel: values.channel,
      status: values.status,
      ...(values.maskSecret ? { text: maskedText } : {}),
      secret: null,
      claimedUntil: null,
      providerMessageId: values.providerMessageId ?? null,
      error: values.error ?? null,
    })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, from)));
}

/** Claimed for the SMS gateway: the lease says how long the request may take before nobody knows whether it went. */
export async function markOutboxSending(tx: DbOrTx, ids: string[], leaseSeconds: number): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(outboxMessages)
    .set({
      status: 'sending',
      channel: 'sms',
      attempts: sql`${outboxMessages.attempts} + 1`,
      claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(outboxMessages.id, ids));
}

/** Back to the queue after a gateway refused it, not before `delaySeconds`. */
export async function requeueOutboxMessage(db: DbOrTx, id: string, delaySeconds: number, error: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'queued', error, claimedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})` })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending')));
}

/**
 * Drops the still-queued messages with this key: a newer message about the same thing replaces them.
 * One a deliverer holds right now is skipped — it is on its way, and the newer one follows it.
 */
export async function withdrawQueuedMessages(tx: DbOrTx, replaceKey: string): Promise<number> {
  const stale = await tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.replaceKey, replaceKey), eq(outboxMessages.status, 'queued')))
    .for('update', { skipLocked: true });
  if (stale.length === 0) return 0;
  await tx.delete(outboxMessages).where(
    inArray(
      outboxMessages.id,
      stale.map((row) => row.id),
    ),
  );
  return stale.length;
}

/** Handed to another channel's own queue (Telegram's), which now holds it and records the outcome. */
export async function deleteOutboxMessage(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(outboxMessages).where(eq(outboxMessages.id, id));
}

/**
 * SMS requests whose instance stopped before recording the gateway's answer. The gateway may have sent
 * them, so they are not sent again (a code twice is worse than a code asked for again): failed.
 */
export async function expireOutboxLeases(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(outboxMessages)
    .set({
      status: 'failed',
      text: maskedText,
      secret: null,
      claimedUntil: null,
      error: 'Отправка прервана остановкой сервера: неизвестно, дошло ли СМС',
    })
    .where(and(eq(outboxMessages.status, 'sending'), lte(outboxMessages.claimedUntil, sql`now()`)))
    .returning({ id: outboxMessages.id });
  return rows.length;
}

export async function countDueMessages(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'queued'), lte(outboxMessages.nextAttemptAt, sql`now()`)));
  return row?.n ?? 0;
}

/** Messages not yet handed to the SMS gateway, for monitoring. */
export function outboxWaiting(db: DbOrTx): Promise<Waiting[]> {
  return readWaiting(
    db,
    sql`select 'messages_queued' as what, count(*) as count, extract(epoch from now() - min(created_at))::float8 as oldest
          from outbox_messages where status in ('queued', 'sending')`,
  );
}
