import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rowsOf } from '../../db/client.js';
import type { BotConnection } from './bot-connection.js';
import type { BotUpdates } from './bot-updates.js';

const POLL_SECONDS = 25;
/** The poller's lease outlives one long poll, so a live poller keeps it and a dead one loses it soon. */
const LEASE_SECONDS = POLL_SECONDS + 15;

/**
 * Long polling for a shop without a public address. Telegram serves getUpdates to one caller at a time,
 * so one instance polls: the one holding the lease in telegram_state. The offset is kept there too, so
 * a restart neither misses nor repeats an update (and handled ids are remembered besides).
 */
export function createUpdatePolling({
  db,
  connection,
  updates,
  log,
  instanceId,
}: {
  db: Db;
  connection: BotConnection;
  updates: BotUpdates;
  log: FastifyBaseLogger;
  instanceId: string;
}) {
  let isRunning = false;
  let loop: Promise<void> | null = null;
  let abort: AbortController | null = null;

  async function holdLease(): Promise<number | null> {
    const result = await db.execute(sql`
      update telegram_state
      set poller_id = ${instanceId}, poller_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where id = 1 and (poller_id = ${instanceId} or poller_until is null or poller_until < now())
      returning update_offset`);
    const row = rowsOf<{ update_offset: string | number }>(result)[0];
    return row ? Number(row.update_offset) : null;
  }

  /** One long poll; answers how many updates it handled (tests call it directly). */
  async function pollOnce(timeoutSeconds = POLL_SECONDS): Promise<number> {
    const offset = await holdLease();
    if (offset === null) return 0;
    abort = new AbortController();
    const api = await connection.api();
    const batch = await api.getUpdates({ offset, timeoutSeconds, signal: abort.signal });
    for (const update of batch) {
      await updates.handle(update);
      // An update without a usable id was ignored by the handler; the next one moves the offset.
      if (!Number.isSafeInteger(update.update_id)) continue;
      await db.execute(sql`update telegram_state set update_offset = greatest(update_offset, ${update.update_id + 1}) where id = 1`);
    }
    return batch.length;
  }

  async function run(): Promise<void> {
    let isWebhookCleared = false;
    while (isRunning) {
      try {
        // getUpdates answers 409 while a webhook is set (say, from an earlier run with a public address).
        if (!isWebhookCleared) await (await connection.api()).deleteWebhook();
        isWebhookCleared = true;
        await pollOnce();
      } catch (error) {
        if (!isRunning) break;
        log.error({ err: error }, 'Telegram getUpdates failed');
        await new Promise((resolve) => setTimeout(resolve, 5000));
      }
      // Another instance polls: look again when its lease could have lapsed.
      if (isRunning && !(await isPoller())) await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }

  async function isPoller(): Promise<boolean> {
    const result = await db.execute(sql`select poller_id from telegram_state where id = 1`);
    return rowsOf<{ poller_id: string | null }>(result)[0]?.poller_id === instanceId;
  }

  return {
    pollOnce,
    start(): void {
      if (isRunning) return;
      isRunning = true;
      loop = run();
    },
    async stop(): Promise<void> {
      isRunning = false;
      abort?.abort();
      await loop?.catch(() => undefined);
      loop = null;
      // Let another instance take over at once instead of after the lease.
      await db
        .execute(sql`update telegram_state set poller_until = null where id = 1 and poller_id = ${instanceId}`)
        .catch(() => undefined);
    },
  };
}
