import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { telegramMessages, telegramPosts, type TelegramPostRow, telegramRuns } from './telegram.schema.js';

export type NewTelegramPost = typeof telegramPosts.$inferInsert;
export type RunRow = typeof telegramRuns.$inferSelect;

/** A run with its messages counted by outcome. */
export type RunCounts = RunRow & { delivered: number; blocked: number; failed: number; pending: number };

export async function insertPost(db: DbOrTx, values: NewTelegramPost): Promise<TelegramPostRow> {
  const [row] = await db.insert(telegramPosts).values(values).returning();
  return row!;
}

export async function findPost(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<TelegramPostRow | undefined> {
  const query = db.select().from(telegramPosts).where(eq(telegramPosts.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updatePost(db: DbOrTx, id: string, values: Partial<NewTelegramPost>): Promise<TelegramPostRow> {
  const [row] = await db
    .update(telegramPosts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(telegramPosts.id, id))
    .returning();
  return row!;
}

/** Scheduled posts due now, locked; another instance skips them and takes the next ones. */
export async function lockDuePosts(db: DbOrTx, limit: number): Promise<TelegramPostRow[]> {
  return db
    .select()
    .from(telegramPosts)
    .where(and(eq(telegramPosts.status, 'scheduled'), lte(telegramPosts.sendAt, sql`now()`)))
    .orderBy(asc(telegramPosts.sendAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function listPosts(
  db: DbOrTx,
  filter: { status?: TelegramPostRow['status']; page: number; pageSize: number },
): Promise<{ rows: TelegramPostRow[]; total: number }> {
  const where = filter.status ? eq(telegramPosts.status, filter.status) : undefined;
  // Scheduled posts soonest first; sent and canceled ones latest first.
  const order = filter.status === 'scheduled' ? asc(telegramPosts.sendAt) : desc(telegramPosts.sendAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(telegramPosts)
      .where(where)
      .orderBy(order, desc(telegramPosts.createdAt))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(telegramPosts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A run of a post at a planned time; null when that occurrence already has one (fan-out happens once). */
export async function insertRun(db: DbOrTx, run: { postId: string | null; plannedAt: Date; excerpt: string }): Promise<RunRow | null> {
  const [row] = await db.insert(telegramRuns).values(run).onConflictDoNothing().returning();
  return row ?? null;
}

/** Queues the post for every subscriber who has not blocked the bot, in one statement. */
export async function fanOutToSubscribers(
  db: DbOrTx,
  run: { id: string },
  content: { html: string; pictureId: string | null; buttonText: string | null; buttonUrl: string | null; priority: number },
): Promise<number> {
  const result = await db.execute(sql`
    insert into telegram_messages (chat_id, purpose, priority, run_id, html, picture_id, button_text, button_url)
    select chat_id::text, 'post', ${content.priority}, ${run.id}::uuid, ${content.html}, ${content.pictureId}::uuid, ${content.buttonText}, ${content.buttonUrl}
    from telegram_links
    where not is_blocked
    on conflict do nothing
    returning id`);
  return rowsOf(result).length;
}

export async function setRunRecipients(db: DbOrTx, runId: string, recipients: number): Promise<void> {
  await db.update(telegramRuns).set({ recipients }).where(eq(telegramRuns.id, runId));
}

const countsOf = {
  delivered: sql<number>`count(*) filter (where ${telegramMessages.status} = 'sent')::int`,
  blocked: sql<number>`count(*) filter (where ${telegramMessages.status} = 'blocked')::int`,
  failed: sql<number>`count(*) filter (where ${telegramMessages.status} in ('failed', 'unconfirmed'))::int`,
  pending: sql<number>`count(*) filter (where ${telegramMessages.status} in ('pending', 'sending'))::int`,
};

/** Runs with their counts: of some posts (their latest first), or those started in a period. */
export async function findRuns(db: DbOrTx, filter: { postIds?: string[]; from?: Date; to?: Date }): Promise<RunCounts[]> {
  const conditions = [
    filter.postIds
      ? inArray(telegramRuns.postId, filter.postIds.length ? filter.postIds : ['00000000-0000-0000-0000-000000000000'])
      : undefined,
    filter.from ? sql`${telegramRuns.startedAt} >= ${filter.from.toISOString()}` : undefined,
    filter.to ? sql`${telegramRuns.startedAt} < ${filter.to.toISOString()}` : undefined,
  ].filter(Boolean);
  return db
    .select({
      id: telegramRuns.id,
      postId: telegramRuns.postId,
      plannedAt: telegramRuns.plannedAt,
      startedAt: telegramRuns.startedAt,
      finishedAt: telegramRuns.finishedAt,
      recipients: telegramRuns.recipients,
      excerpt: telegramRuns.excerpt,
      ...countsOf,
    })
    .from(telegramRuns)
    .leftJoin(telegramMessages, eq(telegramMessages.runId, telegramRuns.id))
    .where(conditions.length ? and(...conditions) : undefined)
    .groupBy(telegramRuns.id)
    .orderBy(desc(telegramRuns.startedAt));
}

export async function countRunsByPost(db: DbOrTx, postIds: string[]): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ postId: telegramRuns.postId, n: count() })
    .from(telegramRuns)
    .where(inArray(telegramRuns.postId, postIds))
    .groupBy(telegramRuns.postId);
  return new Map(rows.map((r) => [r.postId!, r.n]));
}
