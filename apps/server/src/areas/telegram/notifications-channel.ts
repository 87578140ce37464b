import { escapeTelegramHtml } from '@vmeste/contract';
import type { Tx } from '../../db/client.js';
import type { Message, MessageChannel } from '../messaging/index.js';
import { findLinkByPhone } from './links.repository.js';
import { enqueueMessages } from './outgoing.repository.js';

/** Codes and replies jump the queue of a post to every subscriber. */
export const PRIORITY = { urgent: 0, notification: 1, post: 2 } as const;

/**
 * Telegram as the messenger's first channel, offered each message in the deliverer's transaction: a
 * message to a phone whose owner linked the bot (and did not block it) is queued for Telegram; a kind
 * the person switched off is muted (recorded, not sent); everything else goes on to SMS or the outbox.
 */
export function createNotificationsChannel({ isEmulated, wake }: { isEmulated: boolean; wake: () => void }): MessageChannel {
  return {
    isEmulated,
    wake,
    async offer(tx: Tx, message: Message) {
      const link = await findLinkByPhone(tx, message.phone);
      if (!link || link.isBlocked) return 'declined';
      if (link.mutedKinds.includes(message.kind)) return 'muted';
      const isUrgent = message.kind === 'activation_code' || message.kind === 'password_reset';
      await enqueueMessages(tx, [
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
      return 'queued';
    },
  };
}
