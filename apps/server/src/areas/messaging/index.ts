/**
 * The messaging area: every message to a person goes through its messenger (an SMS gateway, or the
 * outbox table and the log). Owns the table outbox_messages.
 */
import type { MessageKind, OutboxMessage } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { SmsSender } from '../../integrations/sms/sms-sender.js';
import { createMessenger } from './messenger.js';
import { findLastOutboxMessage } from './outbox.repository.js';

export type { Message, MessageChannel, Messenger } from './messenger.js';

export function createMessagingArea({ db, sms, log }: { db: Db; sms: SmsSender | null; log: FastifyBaseLogger }) {
  return {
    messenger: createMessenger({ db, sms, log }),
    /** The last message to a phone, as tests and developers read codes and links outside production. */
    async findLastMessage(phone: string, kind?: MessageKind): Promise<OutboxMessage | undefined> {
      const row = await findLastOutboxMessage(db, phone, kind);
      return row && { phone: row.phone, kind: row.kind, text: row.text, createdAt: row.createdAt.toISOString() };
    },
  };
}

export type MessagingArea = ReturnType<typeof createMessagingArea>;
