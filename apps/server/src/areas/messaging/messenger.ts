import { formatPhone, type MessageKind } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { SmsSender } from '../../integrations/sms/sms-sender.js';
import { insertOutboxMessage } from './outbox.repository.js';

/** `secret` (a code, a link token) is kept out of the stored copy once a real gateway delivered it. */
export type Message = { phone: string; kind: MessageKind; text: string; secret: string };

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
  return {
    /** Answers whether the message reached the gateway (always true for the outbox). */
    async send({ secret, ...message }: Message): Promise<boolean> {
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
}

export type Messenger = ReturnType<typeof createMessenger>;
