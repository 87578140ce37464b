/**
 * The messaging area: every message to a person is written with `messenger.notify` in the
 * transaction of the change it tells about, and delivered by the `messaging.deliver` job (Telegram,
 * then an SMS gateway or the outbox table and the console). Owns the table outbox_messages.
 */
import type { MessageKind, OutboxMessage } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Job } from '../../jobs/job-runner.js';
import type { SmsSender } from '../../integrations/sms/sms-sender.js';
import { createMessenger } from './messenger.js';
import { findLastOutboxMessage, outboxWaiting } from './outbox.repository.js';

export type { Message, MessageChannel, Messenger } from './messenger.js';

export function createMessagingArea({ db, sms, log }: { db: Db; sms: SmsSender | null; log: FastifyBaseLogger }) {
  const messenger = createMessenger({ db, sms, log });
  const jobs: Job[] = [
    {
      // The safety net under the nudge that follows each notify: a message whose writer stopped
      // right after committing it is delivered here, by whichever instance claims it.
      name: 'messaging.deliver',
      everySeconds: 5,
      run: async () => {
        await messenger.expireLeases();
        await messenger.deliverDue();
      },
    },
  ];
  return {
    messenger,
    jobs,
    start: () => messenger.start(),
    close: () => messenger.stop(),
    /** Messages waiting for the gateway, for monitoring. */
    waiting: () => outboxWaiting(db),
    /** The last message to a phone, as tests and developers read codes and links outside production. */
    async findLastMessage(phone: string, kind?: MessageKind): Promise<OutboxMessage | undefined> {
      const row = await findLastOutboxMessage(db, phone, kind);
      return row && { phone: row.phone, kind: row.kind, text: row.text, createdAt: row.createdAt.toISOString() };
    },
  };
}

export type MessagingArea = ReturnType<typeof createMessagingArea>;
