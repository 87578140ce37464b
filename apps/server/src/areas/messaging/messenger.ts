import type { MessageKind } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { SmsSender } from '../../integrations/sms/sms-sender.js';
import { insertOutboxMessage } from './outbox.repository.js';

/** `secret` (a code, a link token) is kept out of the stored copy once a real gateway delivered it. */
export type Message = { phone: string; kind: MessageKind; text: string; secret: string };

/**
 * Delivers messages to people. With an SMS gateway the message is sent and recorded; without one it
 * goes to the server log and the outbox table only, so every flow works offline.
 */
export function createMessenger({ db, sms, log }: { db: Db; sms: SmsSender | null; log: FastifyBaseLogger }) {
  return {
    /** Answers whether the message reached the gateway (always true for the outbox). */
    async send({ secret, ...message }: Message): Promise<boolean> {
      if (!sms) {
        log.info({ phone: message.phone, kind: message.kind, text: message.text }, 'message written to the outbox');
        await insertOutboxMessage(db, { ...message, channel: 'outbox', status: 'logged' });
        return true;
      }
      const stored = { ...message, text: message.text.replaceAll(secret, '•••') };
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
