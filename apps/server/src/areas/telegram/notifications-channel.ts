import { escapeTelegramHtml } from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import type { Message, MessageChannel, Messenger } from '../messaging/index.js';
import { findLinkByPhone } from './links.repository.js';
import { enqueueMessages } from './outgoing.repository.js';

/** Codes and replies jump the queue of a post to every subscriber. */
export const PRIORITY = { urgent: 0, notification: 1, post: 2 } as const;

/**
 * Telegram as the messenger's first channel: a message to a phone whose owner linked the bot (and did
 * not block it) is queued for Telegram; a kind the person switched off is recorded and not sent;
 * everything else goes on to SMS or the outbox as before.
 */
export function createNotificationsChannel({
  db,
  messenger,
  isEmulated,
  wake,
}: {
  db: Db;
  messenger: Messenger;
  isEmulated: boolean;
  wake: () => void;
}): MessageChannel {
  return {
    async offer(message: Message): Promise<boolean> {
      const link = await findLinkByPhone(db, message.phone);
      if (!link || link.isBlocked) return false;
      if (link.mutedKinds.includes(message.kind)) {
        await messenger.record(message, { channel: 'telegram', status: 'muted', isEmulated });
        return true;
      }
      const isUrgent = message.kind === 'activation_code' || message.kind === 'password_reset';
      await enqueueMessages(db, [
        {
          chatId: String(link.chatId),
          purpose: 'notification',
          priority: isUrgent ? PRIORITY.urgent : PRIORITY.notification,
          kind: message.kind,
          phone: message.phone,
          html: escapeTelegramHtml(message.text),
          fallbackText: message.text,
          secret: message.secret || null,
        },
      ]);
      wake();
      return true;
    },
  };
}
