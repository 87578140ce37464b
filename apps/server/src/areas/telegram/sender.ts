import { randomUUID } from 'node:crypto';
import type { MessageKind } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { isBlockedError, isNeverSentError, TelegramApiError } from '../../integrations/telegram/bot-api-client.js';
import type { Message, Messenger } from '../messaging/index.js';
import type { BotConnection } from './bot-connection.js';
import { setChatBlocked } from './links.repository.js';
import { claimMessages, countWaiting, expireLeases, finishRuns, markFinal, markRetry, markSent } from './outgoing.repository.js';
import type { PhotoSource, Pictures } from './pictures.js';
import { giveBackSendBudget, pauseSending, sendBudgetWaitMs, takeSendBudget } from './send-budget.js';
import type { TelegramMessageRow } from './telegram.schema.js';

/** A connection never made and Telegram's own 5xx are tried again this many times, waiting longer each time. */
const MAX_ATTEMPTS = 5;

export type SenderOptions = {
  perSecond: number;
  /** How long a claimed message is this instance's; after it the message counts as unconfirmed. */
  leaseSeconds?: number;
  /** Requests one instance has in flight at once. */
  concurrency?: number;
};

/**
 * Sends the queue of telegram_messages, in every instance at once: each turn takes its share of the
 * bot's budget, claims messages (one per chat whose pace allows it) and records each answer. Blocked
 * chats are marked and their notifications go by SMS instead; 429 pauses everyone for retry_after.
 */
export function createSender({
  db,
  connection,
  messenger,
  pictures,
  log,
  options,
}: {
  db: Db;
  connection: BotConnection;
  messenger: Messenger;
  pictures: Pictures;
  log: FastifyBaseLogger;
  options: SenderOptions;
}) {
  const instanceId = randomUUID();
  const { perSecond, leaseSeconds = 60, concurrency = 8 } = options;
  let isRunning = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let turnsSinceLeaseCheck = Number.POSITIVE_INFINITY;
  const uploads = new Map<string, Promise<string | null>>();

  function notificationOf(row: TelegramMessageRow): Message | null {
    if (row.purpose !== 'notification' || !row.phone || !row.kind || row.fallbackText === null) return null;
    return { phone: row.phone, kind: row.kind as MessageKind, text: row.fallbackText, secret: row.secret ?? '' };
  }

  async function deliver(row: TelegramMessageRow): Promise<number> {
    const api = await connection.api();
    const button = row.buttonText && row.buttonUrl ? { text: row.buttonText, url: row.buttonUrl } : null;
    if (!row.pictureId) {
      const sent = await api.sendMessage({ chatId: row.chatId, html: row.html, button, keyboard: row.keyboard ?? undefined });
      return sent.messageId;
    }
    const pictureId = row.pictureId;
    const send = (photo: PhotoSource) => api.sendPhoto({ chatId: row.chatId, photo, captionHtml: row.html, button });
    // A picture goes up once: the sends beside its first upload wait for Telegram's file_id.
    const inFlight = uploads.get(pictureId);
    const fileId = inFlight && (await inFlight);
    if (fileId) return (await send({ fileId })).messageId;
    let settle: (fileId: string | null) => void = () => undefined;
    const gate = new Promise<string | null>((resolve) => (settle = resolve));
    uploads.set(pictureId, gate);
    try {
      const photo = await pictures.photoOf(pictureId);
      const sent = await send(photo);
      if (!('fileId' in photo)) await pictures.rememberFileId(pictureId, sent.fileId);
      settle(sent.fileId);
      return sent.messageId;
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      if (uploads.get(pictureId) === gate) uploads.delete(pictureId);
    }
  }

  /**
   * Telegram will not deliver this message: it is closed and, for a notification, queued for SMS in
   * the same transaction, so a stop in between loses nothing; the person waiting gets it at once.
   */
  async function giveUp(
    row: TelegramMessageRow,
    status: 'blocked' | 'failed',
    error: string,
    { reason = error, isBlocked = false }: { reason?: string; isBlocked?: boolean } = {},
  ): Promise<void> {
    const message = notificationOf(row);
    const smsId = await db.transaction(async (tx) => {
      await markFinal(tx, row.id, status, error);
      if (isBlocked && /^\d+$/.test(row.chatId)) await setChatBlocked(tx, Number(row.chatId), true);
      if (!message) return null;
      await messenger.record(message, { channel: 'telegram', status: 'failed', isEmulated: connection.isEmulated, error: reason }, tx);
      return messenger.notify(tx, message, { bySmsOnly: true, deliveredByCaller: true });
    });
    if (smsId) await messenger.deliverNow([smsId]);
  }

  async function sendOne(row: TelegramMessageRow): Promise<void> {
    let messageId: number;
    try {
      messageId = await deliver(row);
    } catch (caught) {
      if (caught instanceof TelegramApiError) return handleFailure(row, caught);
      // Not Telegram's answer but ours (a picture gone from the storage): trying again will not help.
      log.error({ err: caught, chat: row.chatId, purpose: row.purpose }, 'a Telegram message could not be prepared');
      return giveUp(row, 'failed', String((caught as Error).message ?? caught), { reason: 'сообщение не удалось подготовить' });
    }
    await markSent(db, row, messageId);
    const message = notificationOf(row);
    if (message) await messenger.record(message, { channel: 'telegram', status: 'sent', isEmulated: connection.isEmulated });
  }

  async function handleFailure(row: TelegramMessageRow, error: TelegramApiError): Promise<void> {
    if (isBlockedError(error as unknown)) {
      return giveUp(row, 'blocked', error.description, { isBlocked: true });
    }
    if (error.status === 429) {
      const seconds = error.retryAfterSeconds ?? 1;
      log.warn({ retryAfter: seconds }, 'Telegram asked to slow down');
      await pauseSending(db, seconds);
      await markRetry(db, row, seconds, error.description);
      return;
    }
    if (error.status === 0 && !isNeverSentError(error as unknown)) {
      // The request may have reached Telegram before the answer was lost: never risk sending it twice.
      await markFinal(db, row.id, 'unconfirmed', error.description);
      return;
    }
    if ((error.status === 0 || error.status >= 500) && row.attempts < MAX_ATTEMPTS) {
      await markRetry(db, row, 2 ** row.attempts, error.description);
      return;
    }
    log.error(
      { status: error.status, description: error.description, chat: row.chatId, purpose: row.purpose },
      'Telegram refused a message',
    );
    await giveUp(row, 'failed', error.description);
  }

  /** One turn: answers how many messages it sent or tried. */
  async function turn(): Promise<number> {
    if (turnsSinceLeaseCheck > 50) {
      turnsSinceLeaseCheck = 0;
      if ((await expireLeases(db)) > 0) await finishRuns(db);
    }
    turnsSinceLeaseCheck += 1;
    const granted = await takeSendBudget(db, concurrency, perSecond);
    if (granted === 0) return 0;
    const claimed = await db.transaction((tx) => claimMessages(tx, { limit: granted, leaseSeconds, instanceId }));
    await giveBackSendBudget(db, granted - claimed.length, perSecond);
    await Promise.all(claimed.map((row) => sendOne(row)));
    if (claimed.some((row) => row.runId)) await finishRuns(db);
    return claimed.length;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function run(idleMs: number): Promise<void> {
    while (isRunning) {
      try {
        const sent = await turn();
        if (sent === 0 && isRunning) {
          const waiting = await countWaiting(db);
          await pause(waiting > 0 ? Math.min(await sendBudgetWaitMs(db, perSecond), 1000) : idleMs);
        }
      } catch (error) {
        log.error({ err: error }, 'Telegram sender turn failed');
        await pause(idleMs);
      }
    }
  }

  return {
    instanceId,
    /** A new message is waiting: the loop looks now instead of at its next poll. */
    wake(): void {
      wakeUp?.();
    },
    start(idleMs = 1000): void {
      if (isRunning) return;
      isRunning = true;
      loop = run(idleMs);
    },
    async stop(): Promise<void> {
      isRunning = false;
      wakeUp?.();
      await loop;
      loop = null;
    },
    /** Sends until the queue is empty (tests, and the demo seed); answers how many went. */
    async drain(timeoutMs = 30_000): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      let total = 0;
      while (Date.now() < deadline) {
        const sent = await turn();
        total += sent;
        if (sent > 0) continue;
        if ((await countWaiting(db)) === 0) return total;
        await pause(Math.min(await sendBudgetWaitMs(db, perSecond), 200));
      }
      throw new Error('Telegram queue did not drain in time');
    },
    /** Messages an instance left `sending` past their lease become unconfirmed (the job does this on its own too). */
    async expireLeases(): Promise<number> {
      const expired = await expireLeases(db);
      await finishRuns(db);
      return expired;
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
