import { formatPhone, type MessageKind } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { SmsSender } from '../../integrations/sms/sms-sender.js';
import type { OutboxMessageRow } from './messaging.schema.js';
import {
  claimQueuedMessages,
  countDueMessages,
  deleteOutboxMessage,
  expireOutboxLeases,
  finishOutboxMessage,
  insertOutboxMessage,
  markOutboxSending,
  requeueOutboxMessage,
  withdrawQueuedMessages,
} from './outbox.repository.js';
import { insertQueuedMessages } from './outbox-batch.repository.js';

/** `secret` (a code, a link token) is kept out of the stored copy once a real gateway delivered it. */
export type Message = { phone: string; kind: MessageKind; text: string; secret: string };

/**
 * A channel tried before SMS (Telegram), inside the deliverer's transaction: it queues the message in
 * its own table (and then owns it: delivers it, or hands it back through `notify(…, { bySmsOnly })`),
 * records it muted (the person switched the kind off), or declines it.
 */
export type MessageChannel = {
  offer(tx: Tx, message: Message): Promise<'queued' | 'muted' | 'declined'>;
  /** Called after the transaction that queued messages committed. */
  wake(): void;
  /** An emulator's copy keeps the secret (a person runs it locally); a real channel's is masked. */
  isEmulated: boolean;
};

/** Where an outbox message is shown to whoever runs the shop: one line of the console. */
export type ConsolePrinter = (line: string) => void;

/** «СМС на +7 (900) 000-00-04: Вместе: код подтверждения 123456. …» — one line, whatever the text holds. */
export function outboxLineOf(message: Pick<Message, 'phone' | 'text'>): string {
  return `СМС на ${formatPhone(message.phone)}: ${message.text.replace(/\s+/g, ' ').trim()}`;
}

/**
 * The console line is for a person running the shop locally; it follows the log's switch, so
 * `LOG_LEVEL=silent` (and the tests' app without a logger) print nothing.
 */
function consolePrinterFor(log: FastifyBaseLogger): ConsolePrinter | null {
  const level = (log as { level?: unknown }).level;
  if (typeof level !== 'string' || level === 'silent') return null;
  return (line) => process.stdout.write(`${line}\n`);
}

/** A code or a link is asked for again by the person; other notices are tried again, waiting longer each time. */
const urgentKinds: readonly MessageKind[] = ['activation_code', 'password_reset'];
const SMS_ATTEMPTS = 5;
const SMS_RETRY_BASE_SECONDS = 30;
/** How long one instance's SMS request may take before the message counts as interrupted. */
const SMS_LEASE_SECONDS = 60;
const BATCH = 50;
/** After a notify, the in-process nudge looks at these delays: the writer's commit usually lands within the first. */
const NUDGE_DELAYS_MS = [20, 250, 1000, 3000];
/** A message its writer delivers itself waits this long for it before the job takes it over. */
const CALLER_DELIVERY_SECONDS = 30;

/**
 * Messages to people (docs/decisions/027). A change writes its message with `notify` in its own
 * transaction, so a message exists exactly when the change committed; `deliverDue` (the
 * `messaging.deliver` job, and a nudge right after each notify) claims queued messages with
 * `for update skip locked` and offers each to Telegram, then SMS: the gateway, or without one the
 * console line and the outbox row itself. Each message is delivered once however many instances run.
 */
export function createMessenger({
  db,
  sms,
  log,
  print = consolePrinterFor(log),
}: {
  db: Db;
  sms: SmsSender | null;
  log: FastifyBaseLogger;
  /** Defaults to standard output while the log is on; tests pass their own. */
  print?: ConsolePrinter | null;
}) {
  let channel: MessageChannel | null = null;
  let isStarted = false;
  let nudge: NodeJS.Timeout | null = null;
  let nudgeStep = 0;
  let delivering: Promise<unknown> = Promise.resolve();

  const messageOf = (row: OutboxMessageRow): Message => ({ phone: row.phone, kind: row.kind, text: row.text, secret: row.secret ?? '' });

  async function sendBySms(row: OutboxMessageRow, gateway: SmsSender): Promise<boolean> {
    try {
      const { providerMessageId } = await gateway.send(row.phone, row.text);
      await finishOutboxMessage(db, row.id, { channel: 'sms', status: 'sent', maskSecret: true, providerMessageId }, 'sending');
      return true;
    } catch (error) {
      const reason = (error as Error).message;
      const attempts = row.attempts + 1;
      log.error({ err: error, phone: row.phone, kind: row.kind, attempts }, 'SMS was not sent');
      if (!urgentKinds.includes(row.kind) && attempts < SMS_ATTEMPTS) {
        await requeueOutboxMessage(db, row.id, SMS_RETRY_BASE_SECONDS * 2 ** (attempts - 1), reason);
      } else {
        await finishOutboxMessage(db, row.id, { channel: 'sms', status: 'failed', maskSecret: true, error: reason }, 'sending');
      }
      return false;
    }
  }

  /**
   * One batch: answers, for each message it claimed, whether it reached a channel (the outbox and a
   * channel's queue count as reached). Messages another instance holds are not in the answer.
   */
  async function deliverBatch(ids?: string[]): Promise<Map<string, boolean>> {
    const outcomes = new Map<string, boolean>();
    const lines: string[] = [];
    const gatewayRows: OutboxMessageRow[] = [];
    let isHandedOn = false;
    await db.transaction(async (tx) => {
      const rows = await claimQueuedMessages(tx, { limit: BATCH, ...(ids ? { ids } : {}) });
      for (const row of rows) {
        const message = messageOf(row);
        // A message Telegram already refused is queued for SMS only.
        const offered = row.channel === null && channel ? await channel.offer(tx, message) : 'declined';
        if (offered === 'queued') {
          await deleteOutboxMessage(tx, row.id);
          isHandedOn = true;
        } else if (offered === 'muted') {
          await finishOutboxMessage(tx, row.id, { channel: 'telegram', status: 'muted', maskSecret: !channel!.isEmulated }, 'queued');
        } else if (!sms) {
          await finishOutboxMessage(tx, row.id, { channel: 'outbox', status: 'logged', maskSecret: false }, 'queued');
          lines.push(outboxLineOf(message));
        } else {
          gatewayRows.push(row);
          continue;
        }
        outcomes.set(row.id, true);
      }
      // Claimed before any request leaves: a stopped instance leaves them `sending`, never sent twice.
      await markOutboxSending(
        tx,
        gatewayRows.map((row) => row.id),
        SMS_LEASE_SECONDS,
      );
    });
    if (isHandedOn) channel?.wake();
    for (const line of lines) print?.(line);
    if (lines.length > 0) log.debug({ count: lines.length }, 'messages written to the outbox');
    const gateway = sms;
    if (gateway) {
      const sent = await Promise.all(gatewayRows.map((row) => sendBySms(row, gateway)));
      gatewayRows.forEach((row, i) => outcomes.set(row.id, sent[i]!));
    }
    return outcomes;
  }

  /** Every message due now, batch after batch; answers how many were claimed. */
  async function deliverDue(): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < 100; batch += 1) {
      const claimed = (await deliverBatch()).size;
      total += claimed;
      if (claimed < BATCH) break;
    }
    return total;
  }

  function scheduleNudge(): void {
    if (!isStarted) return;
    if (nudge) clearTimeout(nudge);
    nudgeStep = 0;
    const look = () => {
      nudge = null;
      delivering = delivering
        .then(() => deliverDue())
        .catch((error: unknown) => log.error({ err: error }, 'message delivery failed'))
        .finally(() => {
          nudgeStep += 1;
          if (isStarted && !nudge && nudgeStep < NUDGE_DELAYS_MS.length) nudge = setTimeout(look, NUDGE_DELAYS_MS[nudgeStep]);
        });
    };
    nudge = setTimeout(look, NUDGE_DELAYS_MS[0]);
    nudge.unref();
  }

  const messenger = {
    /** Telegram plugs in here at start; without it every message goes by SMS or the outbox. */
    provideChannel(provided: MessageChannel): void {
      channel = provided;
    },

    /**
     * Writes a message in the caller's transaction: it is delivered if and only if that transaction
     * commits. Answers the message's id. `bySmsOnly`: Telegram refused it. `deliveredByCaller`: the
     * caller passes the id to `deliverNow` right after its commit (a person waits for a code), so
     * neither the nudge nor the job take it unless the caller stopped first. `replaceKey`: what the
     * message is about when a newer one makes it stale (an order's receiving corrected) — a message
     * with this key still queued is withdrawn, so of several changes landing together the last one's
     * message is the one that goes.
     */
    async notify(
      tx: DbOrTx,
      message: Message,
      options: { bySmsOnly?: boolean; deliveredByCaller?: boolean; replaceKey?: string } = {},
    ): Promise<string> {
      if (options.replaceKey) await withdrawQueuedMessages(tx, options.replaceKey);
      const id = await insertOutboxMessage(
        tx,
        {
          phone: message.phone,
          kind: message.kind,
          text: message.text,
          secret: message.secret || null,
          channel: options.bySmsOnly ? 'sms' : null,
          status: 'queued',
          replaceKey: options.replaceKey ?? null,
        },
        { delaySeconds: options.deliveredByCaller ? CALLER_DELIVERY_SECONDS : 0 },
      );
      // Loses nothing if lost: the job finds the message at its next turn.
      if (!options.deliveredByCaller) scheduleNudge();
      return id;
    },

    /**
     * `notify` for many notices of one change (every client of a purchase, an import's new orders), in
     * a few statements; notices only: no secret, no channel chosen, delivered by the nudge and the job.
     */
    async notifyMany(tx: DbOrTx, messages: Omit<Message, 'secret'>[]): Promise<void> {
      if (messages.length === 0) return;
      await insertQueuedMessages(
        tx,
        messages.map(({ phone, kind, text }) => ({ phone, kind, text })),
      );
      scheduleNudge();
    },

    /**
     * Delivers these committed messages now, for a person waiting for a code: answers false when one
     * of them could not be sent. A message another instance already took counts as on its way.
     */
    async deliverNow(ids: string[]): Promise<boolean> {
      const outcomes = await deliverBatch(ids);
      return [...outcomes.values()].every(Boolean);
    },

    /** A message that belongs to no change of the shop's (tests, a developer's script): written and delivered at once. */
    async send(message: Message): Promise<boolean> {
      return messenger.deliverNow([await messenger.notify(db, message, { deliveredByCaller: true })]);
    },

    deliverDue,

    /** SMS requests an instance left unanswered past their lease are recorded as failed, not sent again. */
    expireLeases: () => expireOutboxLeases(db),

    countDue: () => countDueMessages(db),

    /**
     * Records what another channel did with a message it took: the audit trail, and the console line
     * while that channel is an emulator (a real channel's secret is masked, as the SMS path does).
     */
    async record(
      { secret, ...message }: Message,
      outcome: { channel: 'telegram'; status: 'sent' | 'failed'; isEmulated: boolean; error?: string },
      tx: DbOrTx = db,
    ): Promise<void> {
      const text = !outcome.isEmulated && secret ? message.text.replaceAll(secret, '•••') : message.text;
      await insertOutboxMessage(tx, { ...message, text, channel: outcome.channel, status: outcome.status, error: outcome.error ?? null });
      if (outcome.isEmulated && outcome.status === 'sent')
        print?.(`Telegram (эмулятор): ${outboxLineOf(message).replace(/^СМС на/, 'для')}`);
    },

    /** The nudge after each notify runs from here on (the app's background start); tests deliver by hand. */
    start(): void {
      isStarted = true;
    },
    async stop(): Promise<void> {
      isStarted = false;
      if (nudge) clearTimeout(nudge);
      nudge = null;
      await delivering;
    },
  };
  return messenger;
}

export type Messenger = ReturnType<typeof createMessenger>;
