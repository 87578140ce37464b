import {
  moscowInstantOf,
  type TelegramPost,
  type TelegramPostBody,
  type TelegramPostContent,
  type TelegramPostStatus,
} from '@vmeste/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { BotConnection } from './bot-connection.js';
import { findLinkByUser } from './links.repository.js';
import { PRIORITY } from './notifications-channel.js';
import { enqueueMessages, finishRuns } from './outgoing.repository.js';
import type { Pictures } from './pictures.js';
import { excerptOf, nextOccurrence } from './post-schedule.js';
import { postViewOf } from './post-views.js';
import {
  countRunsByPost,
  fanOutToSubscribers,
  findPost,
  findRuns,
  insertPost,
  insertRun,
  listPosts,
  lockDuePosts,
  setRunRecipients,
  updatePost,
} from './posts.repository.js';
import type { TelegramPostRow } from './telegram.schema.js';

/** A time a minute in the past is still «now» (the form was filled in slowly). */
const PAST_GRACE_MS = 60_000;

const notEditable: Record<Exclude<TelegramPostStatus, 'scheduled'>, string> = {
  done: 'Пост уже отправлен: его нельзя изменить или отменить',
  canceled: 'Пост отменён: его нельзя изменить или отправить',
};

/** The admin's scheduler: posts to the channel and to subscribers, their runs, test sends. */
export function createPostsService({
  db,
  connection,
  pictures,
  wake,
}: {
  db: Db;
  connection: BotConnection;
  pictures: Pictures;
  wake: () => void;
}) {
  async function views(rows: TelegramPostRow[]): Promise<TelegramPost[]> {
    const ids = rows.map((row) => row.id);
    const [runs, counts] = await Promise.all([ids.length ? findRuns(db, { postIds: ids }) : [], countRunsByPost(db, ids)]);
    return rows.map((row) =>
      postViewOf(
        row,
        runs.find((run) => run.postId === row.id),
        counts.get(row.id) ?? 0,
      ),
    );
  }

  async function viewOne(id: string): Promise<TelegramPost> {
    const row = await findPost(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Пост не найден');
    return (await views([row]))[0]!;
  }

  async function checkContent(content: TelegramPostContent): Promise<void> {
    if (content.pictureId && !(await pictures.exists(content.pictureId))) {
      throw new AppError('NOT_FOUND', 'Картинка не найдена: загрузите её ещё раз', { field: 'pictureId' });
    }
  }

  async function checkPost(body: TelegramPostBody): Promise<Date> {
    await checkContent(body);
    if (body.toChannel && !connection.channel) {
      throw new AppError('CONFLICT', 'Канал магазина не настроен (TELEGRAM_CHANNEL_ID): пост можно отправить только подписчикам бота', {
        field: 'toChannel',
      });
    }
    const sendAt = moscowInstantOf(body.sendAt);
    if (sendAt.getTime() < Date.now() - PAST_GRACE_MS) {
      throw new AppError('BAD_REQUEST', 'Это время уже прошло: выберите время в будущем или отправьте пост сейчас', { field: 'sendAt' });
    }
    return sendAt;
  }

  function fieldsOf(body: TelegramPostBody, sendAt: Date) {
    return {
      text: body.text,
      pictureId: body.pictureId,
      buttonText: body.buttonText,
      buttonUrl: body.buttonUrl,
      toChannel: body.toChannel,
      toSubscribers: body.toSubscribers,
      sendAt,
      repeat: body.repeat,
      repeatUntil: body.repeat === 'none' ? null : body.repeatUntil,
    };
  }

  async function lockScheduled(tx: Tx, id: string): Promise<TelegramPostRow> {
    const post = await findPost(tx, id, { forUpdate: true });
    if (!post) throw new AppError('NOT_FOUND', 'Пост не найден');
    if (post.status !== 'scheduled') throw new AppError('CONFLICT', notEditable[post.status]);
    return post;
  }

  /** Queues one occurrence of a post; an occurrence already queued is not queued again. */
  async function fanOut(tx: Tx, post: TelegramPostRow, plannedAt: Date): Promise<void> {
    const run = await insertRun(tx, { postId: post.id, plannedAt, excerpt: excerptOf(post.text) });
    if (!run) return;
    const content = { html: post.text, pictureId: post.pictureId, buttonText: post.buttonText, buttonUrl: post.buttonUrl };
    let recipients = post.toSubscribers ? await fanOutToSubscribers(tx, run, { ...content, priority: PRIORITY.post }) : 0;
    if (post.toChannel && connection.channel) {
      recipients += await enqueueMessages(tx, [
        { ...content, chatId: connection.channel, purpose: 'post', priority: PRIORITY.post, runId: run.id },
      ]);
    }
    await setRunRecipients(tx, run.id, recipients);
  }

  return {
    async list(query: { status?: TelegramPostStatus; page: number; pageSize: number }) {
      const { rows, total } = await listPosts(db, query);
      return { items: await views(rows), total };
    },

    async create(body: TelegramPostBody, adminId: string | null): Promise<TelegramPost> {
      const sendAt = await checkPost(body);
      const row = await insertPost(db, { ...fieldsOf(body, sendAt), createdBy: adminId });
      wake();
      return viewOne(row.id);
    },

    async update(id: string, body: TelegramPostBody): Promise<TelegramPost> {
      const sendAt = await checkPost(body);
      await db.transaction(async (tx) => {
        await lockScheduled(tx, id);
        await updatePost(tx, id, fieldsOf(body, sendAt));
      });
      wake();
      return viewOne(id);
    },

    async cancel(id: string): Promise<TelegramPost> {
      await db.transaction(async (tx) => {
        await lockScheduled(tx, id);
        await updatePost(tx, id, { status: 'canceled' });
      });
      return viewOne(id);
    },

    /** Sends the post now; a repeating one keeps its schedule, a one-off one is done. */
    async sendNow(id: string): Promise<TelegramPost> {
      await db.transaction(async (tx) => {
        const post = await lockScheduled(tx, id);
        await fanOut(tx, post, new Date());
        if (post.repeat === 'none') await updatePost(tx, id, { status: 'done', sendAt: new Date() });
      });
      await finishRuns(db);
      wake();
      return viewOne(id);
    },

    /** The post as subscribers would get it, to the admin's own chat only. */
    async test(content: TelegramPostContent, adminId: string): Promise<{ chatTitle: string }> {
      await checkContent(content);
      const link = await findLinkByUser(db, adminId);
      if (!link) throw new AppError('CONFLICT', 'Подключите свой Telegram на этой странице, чтобы получать пробные отправки');
      if (link.isBlocked)
        throw new AppError('CONFLICT', 'Вы заблокировали бота в Telegram: разблокируйте его, чтобы получить пробную отправку');
      await enqueueMessages(db, [
        {
          chatId: String(link.chatId),
          purpose: 'test',
          priority: PRIORITY.urgent,
          html: content.text,
          pictureId: content.pictureId,
          buttonText: content.buttonText,
          buttonUrl: content.buttonUrl,
        },
      ]);
      wake();
      return { chatTitle: link.accountTitle ?? 'ваш Telegram' };
    },

    /** The scheduler's job: queues every post whose time has come and moves repeats on. */
    async queueDuePosts(): Promise<number> {
      const queued = await db.transaction(async (tx) => {
        const due = await lockDuePosts(tx, 20);
        for (const post of due) {
          await fanOut(tx, post, post.sendAt);
          const next = nextOccurrence(post, post.sendAt);
          await updatePost(tx, post.id, next ? { sendAt: next } : { status: 'done' });
        }
        return due.length;
      });
      if (queued > 0) {
        await finishRuns(db);
        wake();
      }
      return queued;
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
