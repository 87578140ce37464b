import { formatPhone, type MessageKind } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { SmsSender } from '../../integrations/sms/sms-sender.js';
import { insertOutboxMessage } from './outbox.repository.js';

/** `secret` (a code, a link token) is kept out of the stored copy once a real gateway delivered it. */
export type Message = { phone: string; kind: MessageKind; text: string; secret: string };

/**
 * A channel tried before SMS (Telegram): it answers whether it took the message. Taking it means the
 * channel delivers it, or hands it back to `sendBySms` when it cannot.
 */
export type MessageChannel = { offer(message: Message): Promise<boolean> };

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

/**
 * Delivers messages to people. With an SMS gateway the message is sent and recorded; without one it
 * is printed to the console as one readable line and kept in the outbox table, so every flow works
 * offline and a person running the shop sees codes and links as they go out.
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
  const messenger = {
    /** Telegram plugs in here at start; without it every message goes by SMS or the outbox. */
    provideChannel(provided: MessageChannel): void {
      channel = provided;
    },

    /** Answers whether the message reached a channel or the gateway (always true for the outbox). */
    async send(message: Message): Promise<boolean> {
      if (channel && (await channel.offer(message))) return true;
      return messenger.sendBySms(message);
    },

    /**
     * Records what another channel did with a message: the audit trail, and the console line while
     * that channel is an emulator (a real channel's secret is masked, as the SMS path does).
     */
    async record(
      { secret, ...message }: Message,
      outcome: { channel: 'telegram'; status: 'sent' | 'failed' | 'muted'; isEmulated: boolean; error?: string },
    ): Promise<void> {
      const text = !outcome.isEmulated && secret ? message.text.replaceAll(secret, '•••') : message.text;
      await insertOutboxMessage(db, { ...message, text, channel: outcome.channel, status: outcome.status, error: outcome.error ?? null });
      if (outcome.isEmulated && outcome.status === 'sent')
        print?.(`Telegram (эмулятор): ${outboxLineOf(message).replace(/^СМС на/, 'для')}`);
    },

    /** The SMS gateway, or the outbox without one: the way every message went before Telegram. */
    async sendBySms({ secret, ...message }: Message): Promise<boolean> {
      if (!sms) {
        await insertOutboxMessage(db, { ...message, channel: 'outbox', status: 'logged' });
        print?.(outboxLineOf(message));
        log.debug({ phone: message.phone, kind: message.kind }, 'message written to the outbox');
        return true;
      }
      // An empty secret would match between every two letters: messages without one are stored whole.
      const stored = { ...message, text: secret ? message.text.replaceAll(secret, '•••') : message.text };
      try {
        const { providerMessageId } = await sms.send(message.phone, message.text);
        await insertOutboxMessage(db, { ...stored, channel: 'sms', status: 'sent', providerMessageId });
        return true;
      } catch (error) {
        log.error({ err: error, phone: message.phone, kind: message.kind }, 'SMS was not sent');
        await insertOutboxMessage(db, { ...stored, channel: 'sms', status: 'failed', error: (error as Error).message });
        return false;
      }
    },
  };
  return messenger;
}

export type Messenger = ReturnType<typeof createMessenger>;
